// Pure candle helpers: fold live trades into the last candle, merge history pages, convert at the chart edge.
import { add, type Dec, gt, lt } from '../../../../core/decimal.js';
import { bucketStart, type Interval } from '../../../../core/intervals.js';
import type { Candle } from '../../../lib/types.js';

export interface TradeLike {
  timestamp: number;
  price: Dec;
  qty: Dec;
}

/**
 * Applies trades (any order) to the candle list (ascending). Returns the candles that changed or were added
 * (ascending), and mutates nothing. Trades older than the last candle's bucket are ignored (history is final).
 */
export function applyTrades(
  last: Candle | undefined,
  trades: readonly TradeLike[],
  interval: Interval,
): { updated: Candle[]; last: Candle | undefined } {
  const sorted = [...trades].sort((a, b) => a.timestamp - b.timestamp);
  const updated: Candle[] = [];
  let cur = last;
  for (const t of sorted) {
    const b = bucketStart(t.timestamp, interval);
    if (cur && b < cur.timestamp) continue;
    if (!cur || b > cur.timestamp) {
      cur = { timestamp: b, open: t.price, high: t.price, low: t.price, close: t.price, volume: t.qty };
      updated.push(cur);
    } else {
      cur = {
        ...cur,
        high: gt(t.price, cur.high) ? t.price : cur.high,
        low: lt(t.price, cur.low) ? t.price : cur.low,
        close: t.price,
        volume: add(cur.volume, t.qty),
      };
      if (updated.length && updated[updated.length - 1]!.timestamp === cur.timestamp)
        updated[updated.length - 1] = cur;
      else updated.push(cur);
    }
  }
  return { updated, last: cur };
}

/** Merges an older page into the list: ascending, unique by timestamp (the newer copy wins). */
export function mergeCandles(older: readonly Candle[], current: readonly Candle[]): Candle[] {
  const byTs = new Map<number, Candle>();
  for (const c of older) byTs.set(c.timestamp, c);
  for (const c of current) byTs.set(c.timestamp, c);
  return [...byTs.values()].sort((a, b) => a.timestamp - b.timestamp);
}

/**
 * lightweight-charts wants numbers and UTC seconds. Conversion happens here only, for plotting; `shiftMs`
 * moves the axis so it reads in the chosen zone (the library shows UTC).
 */
export function toBar(c: Candle, shiftMs: number) {
  return {
    time: Math.floor((c.timestamp + shiftMs) / 1000),
    open: Number(c.open),
    high: Number(c.high),
    low: Number(c.low),
    close: Number(c.close),
  };
}

export function toVolume(c: Candle, shiftMs: number, upColor: string, downColor: string) {
  return {
    time: Math.floor((c.timestamp + shiftMs) / 1000),
    value: Number(c.volume),
    color: lt(c.close, c.open) ? downColor : upColor,
  };
}
