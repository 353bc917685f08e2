import { describe, expect, it } from 'vitest';
import { initialState, percentChange, scanAlert } from './evaluate.js';
import { parseAlertDef, parseAlertPatch } from './schema.js';
import type { AlertCondition, AlertDef, MarketTrade } from './types.js';

/** A recorded sequence: [price, seconds after t0] per trade, ids from 101. */
const T0 = 1_700_000_000_000;
const tape = (rows: [string, number][]): MarketTrade[] =>
  rows.map(([price, sec], i) => ({ tradeId: 101 + i, price, timestamp: T0 + sec * 1000 }));
const def = (condition: AlertCondition, repeat = false, cooldownSec = 0): AlertDef => ({
  symbol: 'btc_krw',
  condition,
  repeat,
  cooldownSec,
});

describe('level alerts (crossing as the conditional engine: equal counts)', () => {
  const seq = tape([
    ['99000000', 0],
    ['99500000', 1],
    ['100000000', 2],
    ['100500000', 3],
    ['99800000', 4],
    ['100200000', 70],
  ]);

  it('crosses above once, at the first print at or above the level', () => {
    const r = scanAlert(def({ type: 'above', level: '100000000' }), initialState(T0), seq);
    expect(r.fires).toEqual([{ tradeId: 103, price: '100000000', at: T0 + 2000 }]);
    expect(r.state.afterTradeId).toBe(103);
  });

  it('crosses below', () => {
    const r = scanAlert(def({ type: 'below', level: '99500000' }), initialState(T0), seq);
    expect(r.fires.map((f) => f.tradeId)).toEqual([101]);
  });

  it('a repeating alert fires again only after the price went back across', () => {
    const r = scanAlert(def({ type: 'above', level: '100000000' }, true, 0), initialState(T0), seq);
    // 103 fires, 104 is still above (same crossing), 105 re-arms, 106 fires again
    expect(r.fires.map((f) => f.tradeId)).toEqual([103, 106]);
  });

  it('a crossing inside the cooldown is swallowed', () => {
    const quick = tape([
      ['101', 0],
      ['99', 1],
      ['101', 2],
      ['99', 3],
      ['101', 61],
    ]);
    const r = scanAlert(def({ type: 'above', level: '100' }, true, 60), initialState(T0), quick);
    expect(r.fires.map((f) => f.tradeId)).toEqual([101, 105]);
  });

  it('trades before the alert was set, or already judged, are ignored', () => {
    const d = def({ type: 'above', level: '100000000' });
    expect(scanAlert(d, initialState(T0 + 2500), seq).fires.map((f) => f.tradeId)).toEqual([104]);
    expect(scanAlert(d, initialState(T0, 104), seq).fires.map((f) => f.tradeId)).toEqual([106]);
  });

  it('judges out-of-order batches by trade id (a snapshot overlapping a backfill counts once)', () => {
    const d = def({ type: 'above', level: '100000000' }, true);
    const first = scanAlert(d, initialState(T0), [...seq.slice(0, 4)].reverse());
    const second = scanAlert(d, first.state, seq);
    expect([...first.fires, ...second.fires].map((f) => f.tradeId)).toEqual([103, 106]);
  });
});

describe('percent move within a window', () => {
  it('fires when the price rose the given percent from the window low', () => {
    const seq = tape([
      ['1000', 0],
      ['990', 10],
      ['1000', 20],
      ['1019', 30],
      ['1040', 40],
    ]);
    const r = scanAlert(
      def({ type: 'move', percent: '3', windowSec: 60, direction: 'up' }),
      initialState(T0),
      seq,
    );
    expect(r.fires).toEqual([
      { tradeId: 105, price: '1040', at: T0 + 40_000, from: '990', changePct: '5.05' },
    ]);
  });

  it('the low leaves the window as time passes', () => {
    const seq = tape([
      ['990', 0],
      ['1000', 50],
      ['1025', 65], // 990 printed 65 s ago: outside a 60 s window, low is 1000 (+2.5 %)
    ]);
    const d = def({ type: 'move', percent: '3', windowSec: 60, direction: 'either' });
    expect(scanAlert(d, initialState(T0), seq).fires).toEqual([]);
    const wide = def({ type: 'move', percent: '3', windowSec: 120, direction: 'either' });
    expect(scanAlert(wide, initialState(T0), seq).fires.map((f) => f.changePct)).toEqual(['3.54']);
  });

  it('a fall from the window high, signed negative; up-only alerts ignore it', () => {
    const seq = tape([
      ['2000', 0],
      ['2090', 5], // +4.5 %
      ['2030', 9],
      ['1985', 12], // -5.02 % from 2090
    ]);
    const down = scanAlert(
      def({ type: 'move', percent: '5', windowSec: 300, direction: 'down' }),
      initialState(T0),
      seq,
    );
    expect(down.fires).toEqual([
      { tradeId: 104, price: '1985', at: T0 + 12_000, from: '2090', changePct: '-5.02' },
    ]);
    const up = scanAlert(
      def({ type: 'move', percent: '5', windowSec: 300, direction: 'up' }),
      initialState(T0),
      seq,
    );
    expect(up.fires).toEqual([]);
  });

  it('a repeating move alert measures the next move from the firing print, after the cooldown', () => {
    const seq = tape([
      ['100', 0],
      ['102', 1], // +2 % fires
      ['104', 2], // +1.96 % from 102: not yet
      ['104.1', 3], // +2.06 % from 102, but inside the 30 s cooldown
      ['106.2', 40], // +4.1 % from 102 after the cooldown: fires
    ]);
    const r = scanAlert(
      def({ type: 'move', percent: '2', windowSec: 600, direction: 'up' }, true, 30),
      initialState(T0),
      seq,
    );
    expect(r.fires.map((f) => [f.tradeId, f.changePct])).toEqual([
      [102, '2'],
      [105, '4.12'],
    ]);
  });

  it('percentChange is exact on decimals', () => {
    expect(percentChange('3', '4')).toBe('33.33333333');
    expect(percentChange('0.00000123', '0.00000246')).toBe('100');
  });
});

describe('wire schema', () => {
  it('takes a definition with defaults and refuses nonsense with a reason', () => {
    const ok = parseAlertDef({ symbol: 'btc_krw', condition: { type: 'above', level: '100' } });
    expect(ok).toEqual({
      ok: true,
      value: {
        symbol: 'btc_krw',
        condition: { type: 'above', level: '100' },
        repeat: false,
        cooldownSec: 60,
      },
    });
    const bad = parseAlertDef({ symbol: 'BTC', condition: { type: 'above', level: '100' } });
    expect(bad.ok).toBe(false);
    const zero = parseAlertDef({ symbol: 'btc_krw', condition: { type: 'below', level: '0' } });
    expect(zero).toMatchObject({ ok: false, reason: expect.stringContaining('condition.level') });
    const win = parseAlertDef({
      symbol: 'btc_krw',
      condition: { type: 'move', percent: '2', windowSec: 1, direction: 'up' },
    });
    expect(win.ok).toBe(false);
    const move = (percent: string) =>
      parseAlertDef({
        symbol: 'btc_krw',
        condition: { type: 'move', percent, windowSec: 60, direction: 'up' },
      });
    expect(move('1000').ok).toBe(true);
    expect(move('1000.0000001')).toMatchObject({ ok: false, reason: expect.stringContaining('1000 %') });
  });

  it('an edit carries only known fields', () => {
    expect(parseAlertPatch({ enabled: false })).toEqual({ ok: true, value: { enabled: false } });
    expect(parseAlertPatch({ symbol: 'eth_krw' }).ok).toBe(false);
  });
});
