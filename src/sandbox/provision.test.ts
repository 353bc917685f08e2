import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../core/permissions.js';
import { createSandbox } from './index.js';
import { DEMO_AVG_PRICE, DEMO_FUNDING } from './provision.js';
import { startSandbox } from './testing/client.js';

let env: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  env = await startSandbox();
});
afterAll(async () => {
  await env.sb.close();
});

describe('demo provisioning', () => {
  it('funds the three accounts and gives the coins a cost basis', async () => {
    for (const [seq, funds] of Object.entries(DEMO_FUNDING)) {
      const rows = (await env.hmac.data('GET', '/v2/balance', { accountSeq: Number(seq) })) as Array<{
        currency: string;
        balance: string;
        avgPrice: string | null;
      }>;
      for (const [cur, amount] of Object.entries(funds)) {
        const row = rows.find((r) => r.currency === cur);
        expect(row?.balance, `${seq}/${cur}`).toBe(amount);
        if (cur !== 'krw') expect(row?.avgPrice, `${seq}/${cur}`).toBe(DEMO_AVG_PRICE[cur]);
      }
    }
  });

  it('two keys (HMAC, ED25519) with all nine permissions on accounts 1, 2, 3; accounts 1 main + 2 named', async () => {
    for (const c of [env.hmac, env.ed]) {
      const info = await c.data('GET', '/v2/currentKeyInfo');
      expect([...info.permissions].sort()).toEqual([...PERMISSIONS].sort());
      expect(info.allowedAccountSeqs).toEqual([1, 2, 3]);
      expect(info.status).toBe('activated');
    }
    expect((await env.ed.data('GET', '/v2/currentKeyInfo')).publicKey).toBe(
      env.sb.credentials.ed25519.publicKeyPem,
    );
    const accounts = await env.hmac.data('GET', '/v2/accounts');
    expect(accounts.map((a: { accountSeq: number }) => a.accountSeq)).toEqual([1, 2, 3]);
    for (const a of accounts) expect(a.accountName).toMatch(/\S/);
  });

  it('credentials.json: the published shape, mode 0600; the ED25519 private key is not in the store', async () => {
    const file = env.sb.credentialsPath;
    expect(path.basename(file)).toBe('credentials.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const c = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(Object.keys(c).sort()).toEqual(['ed25519', 'hmac']);
    expect(Object.keys(c.hmac).sort()).toEqual(['apiKey', 'secret']);
    expect(Object.keys(c.ed25519).sort()).toEqual(['apiKey', 'privateKeyPem', 'publicKeyPem']);
    expect(c).toEqual(env.sb.credentials);
    const body = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const secretPart = body(c.ed25519.privateKeyPem).slice(-40);
    for (const f of fs.readdirSync(env.dir)) {
      if (f === 'credentials.json') continue;
      const bytes = fs.readFileSync(path.join(env.dir, f)).toString('latin1');
      expect(bytes.includes('PRIVATE KEY'), f).toBe(false);
      expect(bytes.includes(secretPart), f).toBe(false);
    }
  });

  it('a restart keeps the same demo credentials (no second provisioning)', async () => {
    const dir = fs.mkdtempSync(path.join(env.dir, 'again-'));
    const a = await createSandbox({ dataDir: dir, port: 0, simulate: false, historyDays: 0 });
    await a.close();
    const b = await createSandbox({ dataDir: dir, port: 0, simulate: false, historyDays: 0 });
    await b.close();
    expect(b.credentials).toEqual(a.credentials);
  });
});
