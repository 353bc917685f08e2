// Every private endpoint is guarded by exactly the permission of the shared endpoint table: a key
// with all the other permissions is refused, a key with only that one gets past the check, and the
// endpoints without a permission accept a key that has none. Main-only endpoints refuse accountSeq 2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, PERMISSIONS } from '../../core/permissions.js';
import { Client, startSandbox } from '../testing/client.js';

let env: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  env = await startSandbox({ rateLimitScale: 100 });
});
afterAll(async () => {
  await env.sb.close();
});

async function keyWith(permissions: readonly string[]): Promise<Client> {
  const r = await env.admin('/admin/keys', { type: 'hmac-sha256', permissions });
  expect(r.success, JSON.stringify(r)).toBe(true);
  return new Client(env.sb.restUrl, { apiKey: r.data.apiKey, type: 'hmac', secret: r.data.secret });
}

const priv = ENDPOINTS.filter((e) => e.auth === 'private');
const params = (e: (typeof priv)[number]): Record<string, string | number> =>
  e.accountScope === 'required' ? { accountSeq: 1 } : {};
const call = (c: Client, e: (typeof priv)[number], extra: Record<string, string | number> = {}) =>
  c.call(e.method as 'GET' | 'POST' | 'DELETE', e.path, { ...params(e), ...extra });

describe('endpoint permissions', () => {
  it('each permissioned endpoint refuses a key lacking exactly that permission and admits one holding only it', async () => {
    const without = new Map<string, Client>();
    const only = new Map<string, Client>();
    for (const p of PERMISSIONS) {
      without.set(p, await keyWith(PERMISSIONS.filter((x) => x !== p)));
      only.set(p, await keyWith([p]));
    }
    for (const e of priv.filter((x) => x.permission)) {
      const what = `${e.method} ${e.path} (${e.permission})`;
      const refused = await call(without.get(e.permission!)!, e);
      expect(refused.body.error?.message, what).toBe('PERMISSION_DENIED');
      expect(refused.status, what).toBe(403);
      const admitted = await call(only.get(e.permission!)!, e);
      expect(admitted.body.error?.message, what).not.toBe('PERMISSION_DENIED');
      expect(admitted.status, what).toBeLessThan(500);
    }
  });

  it('endpoints without a permission accept any valid key, even one with no permission', async () => {
    const none = await keyWith([]);
    for (const e of priv.filter((x) => !x.permission)) {
      const r = await call(none, e);
      expect(r.body.success, `${e.method} ${e.path}`).toBe(true);
    }
  });

  it('main-only endpoints refuse a sub-account with ACCOUNT_SEQ_NOT_ALLOWED', async () => {
    for (const e of priv.filter((x) => x.accountScope === 'main-only')) {
      const r = await call(env.hmac, e, { accountSeq: 2 });
      expect(r.body.error?.message, `${e.method} ${e.path}`).toBe('ACCOUNT_SEQ_NOT_ALLOWED');
    }
  });
});
