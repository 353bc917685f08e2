import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
