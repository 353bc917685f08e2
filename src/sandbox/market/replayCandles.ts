// Candles of a replay, built from the trades it replays (integer prices x 10^4, quantities x 10^8):
// 1-minute buckets kept in memory, larger intervals aggregated on read like the sandbox's own
// market data (core/intervals bucketStart, so weeks start on Mondays).
import { bucketStart, type Interval, intervalMs } from '../../core/intervals.js';
import { fromUnits, priceStr, QTY_DP } from '../engine/units.js';
import type { Candle } from '../types.js';

interface Minute {
  ts: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: bigint;
}

const MINUTE = 60_000;
/** Minutes kept per pair (a week). */
const KEEP = 7 * 24 * 60;

export class ReplayCandles {
  private readonly minutes = new Map<string, Minute[]>();

  /** A replayed trade; trades arrive in time order (replay timestamps only grow). */
  add(symbol: string, ts: number, price: number, qty: number): void {
    let s = this.minutes.get(symbol);
    if (!s) {
      s = [];
      this.minutes.set(symbol, s);
    }
    const m = ts - (((ts % MINUTE) + MINUTE) % MINUTE);
    const last = s[s.length - 1];
    if (last && last.ts === m) {
      last.h = Math.max(last.h, price);
      last.l = Math.min(last.l, price);
      last.c = price;
      last.v += BigInt(qty);
      return;
    }
    if (last && last.ts > m) return; // out of order: never happens with replay stamps
    s.push({ ts: m, o: price, h: price, l: price, c: price, v: BigInt(qty) });
    if (s.length > KEEP) s.splice(0, s.length - KEEP);
  }

  /** Ascending candles whose bucket starts in [start, end), the newest `limit`. */
  candles(
    symbol: string,
    interval: Interval,
    opts: { start?: number; end?: number; limit: number },
  ): Candle[] {
    const s = this.minutes.get(symbol) ?? [];
    const from = opts.start === undefined ? Number.NEGATIVE_INFINITY : bucketStart(opts.start, interval);
    const end = opts.end ?? Number.POSITIVE_INFINITY;
    const width = intervalMs(interval);
    const out: Candle[] = [];
    let cur: (Minute & { b: number }) | null = null;
    const flush = () => {
      if (!cur) return;
      out.push({
        timestamp: cur.b,
        open: priceStr(cur.o),
        high: priceStr(cur.h),
        low: priceStr(cur.l),
        close: priceStr(cur.c),
        volume: fromUnits(cur.v, QTY_DP),
      });
    };
    for (const m of s) {
      if (m.ts < from || m.ts >= end) continue;
      const b = width === MINUTE ? m.ts : bucketStart(m.ts, interval);
      if (cur && cur.b === b) {
        cur.h = Math.max(cur.h, m.h);
        cur.l = Math.min(cur.l, m.l);
        cur.c = m.c;
        cur.v += m.v;
        continue;
      }
      flush();
      cur = { ...m, b };
    }
    flush();
    return out.slice(Math.max(0, out.length - opts.limit));
  }
}
