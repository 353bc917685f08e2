import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox } from '../index.js';
import { type Msg, sleep, WsClient } from './testkit.js';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0)) await f();
});

async function start(types: string[], publishIntervalMs?: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sbx-pub-'));
  const sb = await createSandbox({
    port: 0,
    dataDir,
    simulate: false,
    historyDays: 0,
    log: () => {},
    ...(publishIntervalMs ? { publishIntervalMs } : {}),
  });
  cleanup.push(async () => {
    await sb.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const c = await WsClient.connect(sb.wsPublicUrl);
  cleanup.push(() => c.close());
  c.send(types.map((type, i) => ({ requestId: i + 1, method: 'subscribe', type, symbols: ['sol_krw'] })));
  for (const type of types) await c.next((m) => m.type === type && m.snapshot === true);
  const ex = sb.context.exchange;
  const who = { userId: sb.internals.demoUserId, accountSeq: 1, symbol: 'sol_krw' };
  let step = 0;
  /** A new best bid (so the ticker's best bid changes too); ms until the book frame showing it. */
  const move = async () => {
    const price = String(100_000 + 50 * step++);
    const seen = c.messages.length;
    const t0 = performance.now();
    const r = ex.placeOrder({ ...who, side: 'buy', orderType: 'limit', price, qty: '0.1' });
    if (!r.ok) throw new Error(`order refused: ${r.error.code}`);
    await c.next(
      (m) =>
        c.messages.indexOf(m) >= seen && m.type === 'orderbook' && (m as Msg).data.bids[0]?.price === price,
    );
    return performance.now() - t0;
  };
  return { c, move };
}

describe('public publish rate', () => {
  it('a throttled ticker does not hold back the order book', async () => {
    const { c, move } = await start(['orderbook', 'ticker']);
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      await move();
      await c.next((m) => m.type === 'ticker' && !m.snapshot); // the ticker is now throttled for 200 ms
      await move(); // its flush finds the ticker throttled and sets the ticker's retry timer
      delays.push(await move());
      await sleep(250);
    }
    // published on the next flush (25 ms), not when the ticker may go again (~175 ms later)
    expect(Math.min(...delays)).toBeLessThan(120);
  });

  it('publishes at the configured interval', async () => {
    const { move } = await start(['orderbook'], 250);
    const d = await move();
    expect(d).toBeGreaterThanOrEqual(240);
  });
});
