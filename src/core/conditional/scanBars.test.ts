import { describe, expect, it } from 'vitest';
import { BAR_INTERVALS, barIntervalFor, barsInside } from './gapBars.js';
import { scanTrades } from './scan.js';
import { evaluateBar, type PriceBar, scanBars } from './scanBars.js';
import { randomMarket as market, rng } from './testing/randomMarket.js';
import type { Leg, Trigger } from './types.js';

const leg = (trigger: Trigger): Leg => ({
  kind: 'trigger',
  trigger,
  order: { side: 'sell', orderType: 'market', qty: '1' },
});
const bar = (timestamp: number, low: string, high: string): PriceBar => ({ timestamp, low, high });

const start = { afterTradeId: 0, trail: [] };

describe('judging bars', () => {
  it('a cross trigger fires on the first bar that reaches its level, at the level', () => {
    const legs = [leg({ type: 'cross', direction: 'down', level: '95' })];
    const r = scanBars(legs, start, [
      bar(0, '99', '104'),
      bar(60_000, '94', '101'),
      bar(120_000, '90', '93'),
    ]);
    expect(r.fire).toEqual({ leg: 0, bar: bar(60_000, '94', '101'), price: '95' });
    expect(scanBars(legs, start, [bar(0, '95.01', '120')]).fire).toBeUndefined();
    expect(scanBars(legs, start, [bar(0, '95', '95')]).fire?.price).toBe('95');
  });

  it('a trailing stop fires only where the order inside the bar does not matter', () => {
    const t: Trigger = { type: 'trailing', direction: 'down', distance: { amount: '10' } };
    const s = { active: true, extreme: '100' };
    // level 90 from the known extreme: certain
    expect(evaluateBar(t, s, bar(0, '89', '120')).fired).toBe('90');
    // 95 is below 110 - 10 but only if the high came first: not certain, the extreme moves to 110
    expect(evaluateBar(t, s, bar(0, '95', '110'))).toEqual({
      fired: null,
      state: { active: true, extreme: '110' },
    });
    // a buy trailing stop (up) mirrors it
    const up: Trigger = { type: 'trailing', direction: 'up', distance: { percent: '10' } };
    expect(evaluateBar(up, { active: true, extreme: '100' }, bar(0, '95', '110')).fired).toBe('110');
  });

  it('activation by a bar sets the extreme to its far side and never fires on that bar', () => {
    const t: Trigger = { type: 'trailing', direction: 'down', distance: { amount: '5' }, activation: '120' };
    expect(evaluateBar(t, undefined, bar(0, '90', '119'))).toEqual({ fired: null, state: { active: false } });
    expect(evaluateBar(t, undefined, bar(0, '90', '125'))).toEqual({
      fired: null,
      state: { active: true, extreme: '125' },
    });
  });

  it('first leg wins when one bar fires two; malformed bars say nothing', () => {
    const legs = [
      leg({ type: 'cross', direction: 'up', level: '110' }),
      leg({ type: 'cross', direction: 'down', level: '90' }),
    ];
    expect(scanBars(legs, start, [bar(0, '80', '120')]).fire?.leg).toBe(0);
    expect(scanBars(legs, start, [bar(0, '120', '80')]).fire).toBeUndefined();
  });

  // Soundness against the real trades: whatever bars say has happened did happen.
  it('never fires a bar earlier than the trades themselves would (600 random markets, cross and trailing)', () => {
    let fired = 0;
    for (let seed = 1; seed <= 600; seed++) {
      const { trades, bars } = market(seed, 200);
      const r = rng(seed * 7);
      const triggers: Trigger[] = [
        { type: 'cross', direction: r() < 0.5 ? 'up' : 'down', level: String(900 + Math.round(r() * 200)) },
        { type: 'trailing', direction: 'down', distance: { amount: String(5 + Math.round(r() * 60)) } },
        {
          type: 'trailing',
          direction: 'up',
          distance: { percent: String(1 + Math.round(r() * 5)) },
          activation: String(950 + Math.round(r() * 100)),
        },
      ];
      for (const t of triggers) {
        const byBars = scanBars([leg(t)], start, bars);
        const byTrades = scanTrades([leg(t)], start, trades);
        if (!byBars.fire) continue;
        fired++;
        expect(byTrades.fire, `seed ${seed} ${JSON.stringify(t)}`).toBeDefined();
        // the trades fired in that bar or before it
        expect(byTrades.fire!.trade.timestamp).toBeLessThan(byBars.fire.bar.timestamp + 60_000);
        // and a cross fires in exactly the same bar
        if (t.type === 'cross')
          expect(byTrades.fire!.trade.timestamp - (byTrades.fire!.trade.timestamp % 60_000)).toBe(
            byBars.fire.bar.timestamp,
          );
      }
    }
    // the property was exercised, not vacuous
    expect(fired).toBeGreaterThan(600);
  });
});

describe('gap planning', () => {
  it('picks the finest interval that covers the gap in the page budget', () => {
    expect(barIntervalFor(0, 3 * 3_600_000).interval).toBe('1');
    expect(barIntervalFor(0, 40 * 3_600_000).interval).toBe('5');
    expect(barIntervalFor(0, 30 * 86_400_000).interval).toBe('60');
    expect(barIntervalFor(0, 10_000 * 86_400_000)).toBe(BAR_INTERVALS[BAR_INTERVALS.length - 1]);
  });

  it('keeps only bars wholly between the last judged trade and the oldest read back', () => {
    const bars = [0, 60_000, 120_000, 180_000].map((t) => bar(t, '1', '2'));
    expect(barsInside(bars, 60_000, 30_000, 200_000).map((b) => b.timestamp)).toEqual([60_000, 120_000]);
    expect(barsInside(bars, 60_000, 60_000, 240_000).map((b) => b.timestamp)).toEqual([120_000, 180_000]);
  });
});
