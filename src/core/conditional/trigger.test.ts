import { describe, expect, it } from 'vitest';
import { scanTrades } from './scan.js';
import { distanceForLevel, evaluate, triggerLevel } from './trigger.js';
import type { Leg, MarketTrade, TrailState, Trigger } from './types.js';

/** Recorded-style trade sequence: ids increase but skip (not contiguous), prices as strings. */
const seq = (start: number, prices: string[]): MarketTrade[] =>
  prices.map((price, i) => ({ tradeId: start + i * 3, price, timestamp: 1_700_000_000_000 + i * 1000 }));

const stopSell = (level: string): Leg => ({
  kind: 'trigger',
  trigger: { type: 'cross', direction: 'down', level },
  order: { side: 'sell', orderType: 'market', qty: '1' },
});
const tpSell = (level: string): Leg => ({
  kind: 'trigger',
  trigger: { type: 'cross', direction: 'up', level },
  order: { side: 'sell', orderType: 'limit', price: level, qty: '1' },
});

function run(t: Trigger, prices: string[]): { firedAt: number; states: (TrailState | undefined)[] } {
  let s: TrailState | undefined;
  const states: (TrailState | undefined)[] = [];
  for (let i = 0; i < prices.length; i++) {
    const r = evaluate(t, s, prices[i]!);
    s = r.state;
    states.push(s);
    if (r.fired) return { firedAt: i, states };
  }
  return { firedAt: -1, states };
}

describe('crossing', () => {
  it('a down stop fires on the first trade at or below the level, equal price included', () => {
    const t: Trigger = { type: 'cross', direction: 'down', level: '100' };
    expect(run(t, ['105', '101', '100.5', '100', '99']).firedAt).toBe(3);
  });
  it('an up trigger fires on the first trade at or above the level', () => {
    const t: Trigger = { type: 'cross', direction: 'up', level: '100' };
    expect(run(t, ['95', '99.99', '100.00', '101']).firedAt).toBe(2);
    expect(run(t, ['95', '99', '99.99']).firedAt).toBe(-1);
  });
  it('a price that jumps past the level (a gap in prices) still fires', () => {
    const t: Trigger = { type: 'cross', direction: 'down', level: '100' };
    expect(run(t, ['120', '80']).firedAt).toBe(1);
  });
});

describe('trailing stop', () => {
  it('by amount: follows the high, fires when the price falls back by the distance', () => {
    const t: Trigger = { type: 'trailing', direction: 'down', distance: { amount: '10' } };
    const r = run(t, ['100', '105', '120', '115', '111', '110', '130']);
    expect(r.firedAt).toBe(5);
    expect(triggerLevel(t, r.states[4])).toBe('110');
  });
  it('by percent: the level moves with each new high and never down', () => {
    const t: Trigger = { type: 'trailing', direction: 'down', distance: { percent: '5' } };
    const r = run(t, ['100', '200', '195', '190.01', '190']);
    expect(r.states[1]).toEqual({ active: true, extreme: '200' });
    expect(triggerLevel(t, r.states[2])).toBe('190');
    expect(r.firedAt).toBe(4);
  });
  it('waits for the activation price before trailing', () => {
    const t: Trigger = { type: 'trailing', direction: 'down', distance: { amount: '5' }, activation: '110' };
    const r = run(t, ['100', '90', '80', '109', '110', '112', '107']);
    expect(r.states[3]).toEqual({ active: false });
    expect(r.states[4]).toEqual({ active: true, extreme: '110' });
    expect(r.firedAt).toBe(6);
  });
  it('a buy trailing stop follows the low and fires on the rebound', () => {
    const t: Trigger = { type: 'trailing', direction: 'up', distance: { amount: '3' }, activation: '50' };
    const r = run(t, ['60', '50', '45', '44', '46', '47']);
    expect(triggerLevel(t, r.states[3])).toBe('47');
    expect(r.firedAt).toBe(5);
  });
  it('equal prices do not move the extreme and do not fire above the level', () => {
    const t: Trigger = { type: 'trailing', direction: 'down', distance: { amount: '1' } };
    const r = run(t, ['100', '100', '100.0', '99.5']);
    expect(r.firedAt).toBe(-1);
    expect(r.states[3]).toEqual({ active: true, extreme: '100' });
    expect(run(t, ['100', '100', '99']).firedAt).toBe(2);
  });
});

describe('scanTrades over recorded sequences', () => {
  it('skips trades at or before the cursor and stops at the firing trade', () => {
    const trades = seq(1000, ['105', '99', '104', '98', '97']);
    const r = scanTrades([stopSell('100')], { afterTradeId: 1003, trail: [] }, trades);
    expect(r.fire).toEqual({ leg: 0, trade: trades[3] });
    expect(r.watch.afterTradeId).toBe(1009);
  });
  it('reads trades in id order whatever order they arrive in (newest-first REST pages)', () => {
    const trades = seq(50, ['101', '100', '99']).reverse();
    const r = scanTrades([stopSell('100')], { afterTradeId: 0, trail: [] }, trades);
    expect(r.fire?.trade.tradeId).toBe(53);
  });
  it('a backfill overlapping trades already judged counts each trade once', () => {
    const first = seq(10, ['120', '118']);
    const a = scanTrades([tpSell('125'), stopSell('110')], { afterTradeId: 0, trail: [] }, first);
    expect(a.fire).toBeUndefined();
    // a gap: REST backfill returns the old trades again plus the ones missed, one of them crossing
    const backfill = [...first, ...seq(16, ['115', '109', '130'])];
    const b = scanTrades([tpSell('125'), stopSell('110')], a.watch, backfill);
    expect(b.fire).toEqual({ leg: 1, trade: backfill[3] });
  });
  it('an OCO: the leg whose level is reached first wins, even if the other is reached later in the same batch', () => {
    const trades = seq(1, ['100', '126', '90']);
    const r = scanTrades([tpSell('125'), stopSell('95')], { afterTradeId: 0, trail: [] }, trades);
    expect(r.fire?.leg).toBe(0);
    const r2 = scanTrades(
      [tpSell('125'), stopSell('95')],
      { afterTradeId: 0, trail: [] },
      seq(1, ['100', '94', '130']),
    );
    expect(r2.fire?.leg).toBe(1);
  });
  it('one trade firing both legs goes to the first leg', () => {
    const legs: Leg[] = [tpSell('100'), stopSell('100')];
    expect(scanTrades(legs, { afterTradeId: 0, trail: [] }, seq(1, ['100'])).fire?.leg).toBe(0);
  });
  it('keeps trailing progress across batches', () => {
    const legs: Leg[] = [
      {
        kind: 'trigger',
        trigger: { type: 'trailing', direction: 'down', distance: { amount: '10' } },
        order: { side: 'sell', orderType: 'market', qty: '1' },
      },
    ];
    const a = scanTrades(legs, { afterTradeId: 0, trail: [] }, seq(1, ['100', '150']));
    expect(a.watch.trail[0]).toEqual({ active: true, extreme: '150' });
    const b = scanTrades(legs, a.watch, seq(10, ['145', '141', '140']));
    expect(b.fire?.trade.price).toBe('140');
  });
  it('an empty or fully stale batch leaves the cursor where it was', () => {
    const w = { afterTradeId: 500, trail: [] };
    expect(scanTrades([stopSell('1')], w, seq(1, ['0.5'])).watch.afterTradeId).toBe(500);
    expect(scanTrades([stopSell('1')], w, []).fire).toBeUndefined();
  });
});

describe('moving a trailing level', () => {
  const down = (distance: { amount: string } | { percent: string }) =>
    ({ type: 'trailing', direction: 'down', distance }) as const;
  it('turns a new level into a distance from the extreme, in the trigger own unit', () => {
    const s = { active: true, extreme: '1000' };
    expect(distanceForLevel(down({ amount: '50' }), s, '920')).toEqual({ amount: '80' });
    expect(distanceForLevel(down({ percent: '5' }), s, '970')).toEqual({ percent: '3' });
    expect(distanceForLevel(down({ percent: '5' }), s, '987.65')).toEqual({ percent: '1.235' });
    const up = { type: 'trailing', direction: 'up', distance: { amount: '10' } } as const;
    expect(distanceForLevel(up, { active: true, extreme: '500' }, '530')).toEqual({ amount: '30' });
    // the moved trigger then fires where it was dropped
    const moved = {
      ...down({ amount: '50' }),
      distance: distanceForLevel(down({ amount: '50' }), s, '920')!,
    };
    expect(triggerLevel(moved, s)).toBe('920');
  });
  it('refuses a level on the wrong side of the extreme, or before the trail is active', () => {
    expect(distanceForLevel(down({ amount: '50' }), { active: true, extreme: '1000' }, '1000')).toBeNull();
    expect(distanceForLevel(down({ amount: '50' }), { active: true, extreme: '1000' }, '1100')).toBeNull();
    expect(distanceForLevel(down({ amount: '50' }), { active: false }, '900')).toBeNull();
    expect(distanceForLevel(down({ amount: '50' }), undefined, '900')).toBeNull();
  });
});
