import { describe, expect, it } from 'vitest';
import { groupFills } from './markerGroups.js';

const MIN = 60_000;
describe('groupFills', () => {
  it('one group per candle and side, quantities summed exactly', () => {
    const g = groupFills(
      [
        { side: 'sell', qty: '0.1', at: 2 * MIN + 5 },
        { side: 'buy', qty: '0.1', at: 1 * MIN },
        { side: 'buy', qty: '0.2', at: 1 * MIN + 30_000 },
        { side: 'sell', qty: '0.3', at: 1 * MIN + 59_999 },
      ],
      '1',
    );
    expect(g).toEqual([
      { time: MIN, side: 'buy', qty: '0.3', count: 2 },
      { time: MIN, side: 'sell', qty: '0.3', count: 1 },
      { time: 2 * MIN, side: 'sell', qty: '0.1', count: 1 },
    ]);
  });
  it('a longer interval merges more', () => {
    const g = groupFills(
      [
        { side: 'buy', qty: '1', at: 0 },
        { side: 'buy', qty: '2', at: 14 * MIN },
      ],
      '15',
    );
    expect(g).toEqual([{ time: 0, side: 'buy', qty: '3', count: 2 }]);
  });
});
