// Appending to a built index answers exactly as building from everything: on top when the new events
// are later and keep every position at or above zero, by a new build otherwise.
import { describe, expect, it } from 'vitest';
import { DAY_MS, kstDayStart } from '../desk/dayPnl.js';
import { appendToIndex } from './append.js';
import { deposit, fill, P, randomHistory, T0 } from './fixtures.js';
import { buildPnlIndex } from './pnlIndex.js';
import { queryPnl } from './query.js';
import { realizedRows } from './tax.js';
import type { PnlQuery } from './types.js';

describe('appendToIndex', () => {
  it('equals a full build over 100 random histories split at a random time', () => {
    let onTop = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const h = randomHistory(seed);
      const cut = T0 + Math.floor(h.rand() * (h.end - T0));
      const before = { events: h.events.filter((e) => e.at < cut), marks: h.marks.filter((m) => m.at < cut) };
      const after = {
        events: h.events.filter((e) => e.at >= cut),
        marks: h.marks.filter((m) => m.at >= cut),
      };
      const first = buildPnlIndex({ ...before, overrides: h.overrides });
      const appended = appendToIndex(first, after);
      if (appended === first) onTop++;
      const whole = buildPnlIndex({ events: h.events, marks: h.marks, overrides: h.overrides });
      const periods: PnlQuery[] = [
        { from: T0 - DAY_MS, to: h.end + DAY_MS, scope: 'all' },
        { from: kstDayStart(cut), to: kstDayStart(h.end) + DAY_MS, scope: [{ profileId: P, accountSeq: 2 }] },
        {
          from: cut - 3 * 3600_000,
          to: cut + 3 * 3600_000,
          scope: [
            { profileId: P, accountSeq: 1 },
            { profileId: P, accountSeq: 3 },
          ],
        },
      ];
      for (const q of periods) expect(queryPnl(appended, q), `seed ${seed}`).toEqual(queryPnl(whole, q));
      expect(realizedRows(appended)).toEqual(realizedRows(whole));
    }
    // some splits go on top; the rest (a sell beyond the position after the cut) build again
    expect(onTop).toBeGreaterThan(5);
    expect(onTop).toBeLessThan(100);
  });
  it('counts an event handed again once, and builds again for one from the past', () => {
    const t = Date.UTC(2027, 0, 10);
    const index = buildPnlIndex({
      events: [deposit(1, t, 'krw', '1000'), fill(1, t + 60_000, 'buy', '10', '5')],
    });
    const same = appendToIndex(index, {
      events: [deposit(1, t, 'krw', '1000'), deposit(2, t + 120_000, 'krw', '7')],
    });
    expect(same).toBe(index);
    const q: PnlQuery = { from: t - DAY_MS, to: t + DAY_MS, scope: 'all' };
    expect(queryPnl(same, q).total.netFlowsKrw).toBe('1007');
    const past = appendToIndex(same, { events: [deposit(3, t - 1000, 'krw', '3')] });
    expect(past).not.toBe(same);
    expect(queryPnl(past, q).total.netFlowsKrw).toBe('1010');
  });
});
