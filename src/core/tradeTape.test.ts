import { describe, expect, it } from 'vitest';
import { mergeTrades, newestFirst, tradeKey } from './tradeTape.js';

const t = (tradeId: number | null, timestamp: number, price = '100', qty = '1') => ({
  tradeId,
  timestamp,
  price,
  qty,
});

describe('tradeKey', () => {
  it('is the trade id where present, else time, price and quantity', () => {
    expect(tradeKey(t(7, 1))).toBe('id:7');
    expect(tradeKey(t(null, 5, '101', '0.5'))).toBe('at:5|101|0.5');
    expect(tradeKey({ timestamp: 5, price: '101', qty: '0.5' })).toBe('at:5|101|0.5');
  });
});

describe('mergeTrades', () => {
  it('merges a REST page and stream frames newest first, without duplicates, bounded', () => {
    const rest = [t(10, 100), t(9, 90), t(8, 80)];
    const snapshot = [t(10, 100)]; // the live snapshot may hold one row, already on the tape
    const tape = mergeTrades(mergeTrades([], snapshot, 5), rest, 5);
    expect(tape.map((x) => x.tradeId)).toEqual([10, 9, 8]);
    const next = mergeTrades(tape, [t(12, 120), t(11, 110), t(9, 90)], 4);
    expect(next.map((x) => x.tradeId)).toEqual([12, 11, 10, 9]);
  });

  it('de-duplicates rows without an id by time, price and quantity', () => {
    const a = mergeTrades([t(null, 5, '100', '1')], [t(null, 5, '100', '1'), t(null, 5, '100', '2')], 10);
    expect(a).toHaveLength(2);
  });

  it('returns the same list when nothing is new', () => {
    const cur = [t(2, 2), t(1, 1)];
    expect(mergeTrades(cur, [t(1, 1)], 10)).toBe(cur);
    expect(mergeTrades(cur, [], 10)).toBe(cur);
  });

  it('orders by id where both have one, else by time', () => {
    expect(newestFirst(t(5, 1), t(4, 9))).toBeLessThan(0);
    expect(newestFirst(t(null, 1), t(4, 9))).toBeGreaterThan(0);
  });
});
