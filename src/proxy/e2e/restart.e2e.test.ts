import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProxy } from '../testing/harness.js';
import { type Stack, startSandboxStack } from './sandboxHarness.js';

let s: Stack;
beforeAll(async () => {
  s = await startSandboxStack();
});
afterAll(async () => {
  await s?.close();
});

describe('journal across a proxy restart (real sandbox)', () => {
  it('reconciles a sent-but-unanswered intent to its order, and never sends an unsent one', async () => {
    const placed = await s.t.api('POST', '/api/v2/orders', {
      body: {
        symbol: 'eth_krw',
        side: 'buy',
        orderType: 'limit',
        price: '1000000',
        qty: '0.01',
        clientOrderId: 'restart-sent',
      },
    });
    expect(placed.status).toBe(200);
    const configDir = s.t.configDir;
    const upstream = { url: s.sbx.restUrl, wsPublicUrl: s.sbx.wsPublicUrl, wsPrivateUrl: s.sbx.wsPrivateUrl };
    await s.t.proxy.close();

    // simulate a crash: the answer never reached the journal, and a second intent was journaled but not sent
    const db = new Database(join(configDir, 'journal.sqlite'));
    db.prepare(
      `UPDATE intents SET state = 'sent', order_id = NULL WHERE client_order_id = 'restart-sent'`,
    ).run();
    db.prepare(
      `INSERT INTO intents (client_order_id, profile_id, account_seq, symbol, params, state, attempts, created_at, updated_at)
       VALUES ('restart-pending', 'sandbox-hmac', NULL, 'eth_krw', ?, 'pending', 0, ?, ?)`,
    ).run(
      JSON.stringify([
        ['symbol', 'eth_krw'],
        ['side', 'buy'],
        ['orderType', 'limit'],
        ['price', '1000000'],
        ['qty', '0.01'],
      ]),
      Date.now(),
      Date.now(),
    );
    db.close();

    s.t = await startTestProxy(upstream, { configDir, importCredentials: s.sbx.credentialsPath });
    let entries: { clientOrderId: string; state: string; orderId?: number }[] = [];
    for (let i = 0; i < 100; i++) {
      entries = (await s.t.api('GET', '/api/journal')).json.entries;
      const mine = entries.filter((e) => e.clientOrderId.startsWith('restart-'));
      if (mine.length === 2 && mine.every((e) => e.state === 'placed' || e.state === 'failed')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(entries.find((e) => e.clientOrderId === 'restart-sent')).toMatchObject({
      state: 'placed',
      orderId: placed.json.data.orderId,
    });
    expect(entries.find((e) => e.clientOrderId === 'restart-pending')).toMatchObject({ state: 'failed' });
    const lookup = await s.t.api('GET', '/api/v2/orders?symbol=eth_krw&clientOrderId=restart-pending');
    expect(lookup.json.success).toBe(false);
  });
});
