import { describe, expect, it } from 'vitest';
import { mergeTrades } from '../tape/tradeStore.js';
import { applyTrades, mergeCandles } from './candleMath.js';

const c = (timestamp: number, close = '10') => ({
  timestamp,
  open: '10',
  high: '10',
  low: '10',
  close,
  volume: '1',
});

describe('applyTrades', () => {
  it('updates the last candle and opens new buckets', () => {
    const last = c(60_000);
    const r = applyTrades(
      last,
      [
        { timestamp: 61_000, price: '12', qty: '0.5' },
        { timestamp: 62_000, price: '9', qty: '0.5' },
        { timestamp: 121_000, price: '11', qty: '2' },
        { timestamp: 1_000, price: '1', qty: '1' }, // older than the last candle: ignored
      ],
      '1',
    );
    expect(r.updated).toHaveLength(2);
    expect(r.updated[0]).toMatchObject({ timestamp: 60_000, high: '12', low: '9', close: '9', volume: '2' });
    expect(r.updated[1]).toMatchObject({ timestamp: 120_000, open: '11', close: '11', volume: '2' });
    expect(last.close).toBe('10');
  });

  it('merges history pages without duplicates', () => {
    expect(mergeCandles([c(1), c(2, '5')], [c(2, '7'), c(3)]).map((x) => [x.timestamp, x.close])).toEqual([
      [1, '10'],
      [2, '7'],
      [3, '10'],
    ]);
  });
});

describe('mergeTrades', () => {
  const t = (tradeId: number) => ({ tradeId, timestamp: tradeId, price: '1', qty: '1', isBuyerTaker: true });
  it('keeps newest first, bounded, unique', () => {
    const r = mergeTrades([t(3), t(2)], [t(3), t(5), t(4)], 3);
    expect(r.map((x) => x.tradeId)).toEqual([5, 4, 3]);
  });
});
