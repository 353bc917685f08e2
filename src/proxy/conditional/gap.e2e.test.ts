// A gap longer than the 500 trades GET /v2/trades returns: the crossing happened among trades the
// engine never sees one by one, and only the candles over that stretch show it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startSandboxStack } from '../e2e/sandboxHarness.js';
import { sleep } from '../testing/harness.js';
import {
  armConditional,
  ordersWithClientId,
  stopSellDef,
  waitForConditional,
} from './testing/stackHelpers.js';

let s: Stack;
const SYM = 'xrp_krw';

beforeAll(async () => {
  s = await startSandboxStack({ conditional: { pollMs: 100, lateMs: 0 } });
  expect((await s.admin('/market/price', { symbol: SYM, price: '1000' })).success).toBe(true);
});
afterAll(async () => {
  await s?.close();
});

const stop = (level: string, onGap: 'fire' | 'cancel') => stopSellDef(SYM, level, '10', onGap);

/** Trades written straight into the exchange's history: no stream frame, as if the stream was down. */
const unseen = (trades: { timestamp: number; price: string }[]) =>
  s.sbx.internals.exchange.importHistory(
    SYM,
    trades.map((t) => ({ ...t, qty: '0.0001', isBuyerTaker: false })),
  );

describe('conditional orders after a gap longer than one trades read (real sandbox)', () => {
  it('a crossing only the candles show is fired late or canceled as chosen; a level never reached stays armed', async () => {
    // The last trade before arming printed ten minutes ago, half a minute into its minute.
    const t0 = Math.floor(Date.now() / 60_000) * 60_000 - 600_000 + 30_000;
    unseen([{ timestamp: t0, price: '1000' }]);
    const a = await armConditional(s.t, stop('900', 'fire'));
    const b = await armConditional(s.t, stop('900', 'cancel'));
    const c = await armConditional(s.t, stop('800', 'fire'));
    const status = async () => (await s.t.api('GET', '/api/conditional/status')).json.data;
    await expect.poll(async () => (await status()).marketData).toBe('live');

    // Two minutes later the price dips to 850, then 600 trades at 1000: the newest 500 no longer reach the dip.
    unseen([
      { timestamp: t0 + 120_000, price: '850' },
      ...Array.from({ length: 600 }, (_, i) => ({ timestamp: t0 + 240_000 + i * 100, price: '1000' })),
    ]);
    s.t.proxy.internals.conditional.feed.kill(); // the stream reconnects and the engine backfills

    const fa = await waitForConditional(s.t, a.id, (e) => e.status === 'placed');
    expect(fa.fired).toMatchObject({ price: '900', late: true, bars: '1', at: t0 + 90_000 });
    const fb = await waitForConditional(s.t, b.id, (e) => e.status === 'canceled');
    expect(fb.error.code).toBe('GAP_CROSSED');
    expect(fb.error.message).toContain('reached 900 in the 1-minute candle');
    expect(await ordersWithClientId(s.t, SYM, `kc-${b.id}-t0`)).toHaveLength(0);
    expect(await ordersWithClientId(s.t, SYM, `kc-${a.id}-t0`)).toHaveLength(1);

    // 800 was never reached: still armed once the engine is caught up, its cursor past the gap.
    await expect.poll(async () => (await status()).backfillPending).toEqual([]);
    await sleep(300);
    const fc = await waitForConditional(s.t, c.id, () => true);
    expect(fc.status).toBe('armed');
    expect(fc.fired).toBeUndefined();
    expect((await s.t.api('DELETE', `/api/conditional/${c.id}`)).status).toBe(200);
  });

  it('when the trades after a gap cannot be read at first, live frames go on and the unseen stretch is judged once the read succeeds', async () => {
    await s.admin('/market/price', { symbol: SYM, price: '1000' });
    const a = await armConditional(s.t, stop('900', 'fire'));
    const b = await armConditional(s.t, stop('900', 'cancel'));
    const status = async () => (await s.t.api('GET', '/api/conditional/status')).json.data;
    await expect.poll(async () => (await status()).marketData).toBe('live');

    // REST reads fail; the dip and a hundred trades after it are never streamed
    await s.admin('/faults', { classes: { public: { error: { probability: 1, status: 503 } } } });
    try {
      const now = Date.now();
      unseen([
        { timestamp: now, price: '850' },
        ...Array.from({ length: 100 }, (_, i) => ({ timestamp: now + 1 + i, price: '1000' })),
      ]);
      await s.admin('/faults/ws', { action: 'drop', target: 'public' });
      await expect.poll(async () => (await status()).backfillPending, { timeout: 8000 }).toEqual([SYM]);
      // a live trade is judged meanwhile: the cursors move past the unseen dip
      await s.admin('/market/price', { symbol: SYM, price: '1000' });
      await sleep(300);
      expect((await waitForConditional(s.t, a.id, () => true)).status).toBe('armed');
    } finally {
      await s.admin('/faults/reset', {});
    }
    const fa = await waitForConditional(s.t, a.id, (e) => e.status === 'placed');
    expect(fa.fired).toMatchObject({ price: '850', late: true });
    const fb = await waitForConditional(s.t, b.id, (e) => e.status === 'canceled');
    expect(fb.error.code).toBe('GAP_CROSSED');
    await expect.poll(async () => (await status()).backfillPending).toEqual([]);
  });
});
