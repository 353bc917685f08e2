// `npm start` with the sandbox (src/stack.ts): the proxy imports the sandbox's demo credentials as
// profiles, both sign, and the session shows a non-live sandbox upstream. Restarting imports
// again without duplicating profiles.
import { afterAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../../stack.js';
import { tempDir } from '../testing/harness.js';

const stacks: Stack[] = [];
afterAll(async () => {
  for (const s of stacks) await s.close();
});

async function get(s: Stack, token: string, path: string, profile?: string) {
  const r = await fetch(`${s.proxyUrl}${path}`, {
    headers: { cookie: `kapi_session=${token}`, ...(profile ? { 'x-profile': profile } : {}) },
  });
  return { status: r.status, json: (await r.json()) as { [k: string]: unknown } };
}

describe('npm start stack', () => {
  it('imports the demo credentials as profiles automatically (idempotent across restarts)', async () => {
    const dataDir = tempDir('kapi-stack-');
    const opts = {
      dataDir,
      sandboxPort: 0,
      proxyPort: 0,
      simulate: false,
      historyDays: 0,
      token: 'stack-token-1',
    };
    for (let run = 0; run < 2; run++) {
      const s = await startStack(opts);
      stacks.push(s);
      const session = await get(s, opts.token, '/api/session');
      expect(session.status).toBe(200);
      expect(session.json.upstream).toMatchObject({ name: 'sandbox', live: false });
      const ids = (session.json.profiles as { id: string }[]).map((p) => p.id).sort();
      expect(ids).toEqual(['sandbox-ed25519', 'sandbox-hmac']);
      for (const p of ids) {
        const b = await get(s, opts.token, '/api/v2/balance', p);
        expect(b.json.success, `${p}: ${JSON.stringify(b.json)}`).toBe(true);
      }
      const text = JSON.stringify(session.json);
      expect(text).not.toContain(s.sandbox!.credentials.hmac.secret);
      await s.close();
      stacks.pop();
    }
  });
});
