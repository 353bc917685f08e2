/**
 * Public market data built from real trades: the trades table, 1-minute candles (persisted,
 * larger intervals aggregated on read) and rolling 24 h tickers (from in-memory minute candles).
 */

import { div, mul, sub } from '../../core/decimal.js';
import { bucketStart, type Interval, intervalMs } from '../../core/intervals.js';
import {
  fromUnits,
  LEDGER_DP,
  notional,
  priceStr,
  priceToInt,
  QTY_DP,
  qtyStr,
  qtyToInt,
} from '../engine/units.js';
import type { Store } from '../store/db.js';
import type { Candle, PublicTrade } from '../types.js';

interface MinuteCandle {
  ts: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  qv: bigint;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

export class MarketData {
  /** Per symbol: minute candles of the last ~25 h, ascending. */
  private readonly recent = new Map<string, MinuteCandle[]>();
  private readonly last = new Map<string, { price: number; ts: number }>();
  private readonly upsert;

  constructor(
    private readonly store: Store,
    now: number,
  ) {
    this.upsert = store.db.prepare(
      `INSERT INTO candles(symbol, ts, o, h, l, c, v, qv) VALUES (@symbol, @ts, @o, @h, @l, @c, @v, @qv)
       ON CONFLICT(symbol, ts) DO UPDATE SET h = excluded.h, l = excluded.l, c = excluded.c, v = excluded.v, qv = excluded.qv`,
    );
    const rows = store.db
      .prepare('SELECT * FROM candles WHERE ts >= ? ORDER BY symbol, ts')
      .all(now - DAY - 2 * 3_600_000) as Array<MinuteCandle & { symbol: string; qv: string }>;
    for (const r of rows) this.series(r.symbol).push({ ...r, qv: BigInt(r.qv) });
    const lasts = store.db
      .prepare(
        'SELECT t.symbol, t.price, t.ts FROM trades t JOIN (SELECT symbol, MAX(trade_id) id FROM trades GROUP BY symbol) m ON t.symbol = m.symbol AND t.trade_id = m.id',
      )
      .all() as Array<{ symbol: string; price: string; ts: number }>;
    for (const l of lasts) this.last.set(l.symbol, { price: priceToInt(l.price) ?? 0, ts: l.ts });
  }

  private series(symbol: string): MinuteCandle[] {
    let s = this.recent.get(symbol);
    if (!s) {
      s = [];
      this.recent.set(symbol, s);
    }
    return s;
  }

  /** Records a trade into its minute candle (persist: call inside the trade's transaction). */
  addTrade(symbol: string, ts: number, price: number, qty: number, persist = true): void {
    const bucket = ts - (ts % MINUTE);
    const s = this.series(symbol);
    let c = s[s.length - 1];
    if (!c || c.ts < bucket) {
      c = { ts: bucket, o: price, h: price, l: price, c: price, v: 0, qv: 0n };
      s.push(c);
      if (s.length > 1600) s.splice(0, s.length - 1540);
    } else if (c.ts > bucket) {
      // out-of-order (seeded history): merge through the database row only
      const row = this.store.db
        .prepare('SELECT * FROM candles WHERE symbol = ? AND ts = ?')
        .get(symbol, bucket) as (MinuteCandle & { qv: string }) | undefined;
      const m: MinuteCandle = row
        ? { ...row, qv: BigInt(row.qv) }
        : { ts: bucket, o: price, h: price, l: price, c: price, v: 0, qv: 0n };
      m.h = Math.max(m.h, price);
      m.l = Math.min(m.l, price);
      m.c = price;
      m.v += qty;
      m.qv += notional(price, qty);
      if (persist) this.upsert.run({ symbol, ...m, qv: String(m.qv) });
      return;
    }
    c.h = Math.max(c.h, price);
    c.l = Math.min(c.l, price);
    c.c = price;
    c.v += qty;
    c.qv += notional(price, qty);
    const prev = this.last.get(symbol);
    if (!prev || prev.ts <= ts) this.last.set(symbol, { price, ts });
    if (persist) this.upsert.run({ symbol, ...c, qv: String(c.qv) });
  }

  /** Inserts complete 1-minute candles as-is (seeded history); call inside a transaction. */
  insertCandles(symbol: string, candles: Candle[]): void {
    const ins = this.store.db.prepare(
      'INSERT OR REPLACE INTO candles(symbol, ts, o, h, l, c, v, qv) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const recentFrom = Date.now() - DAY - 2 * 3_600_000;
    let touchedRecent = false;
    for (const k of candles) {
      const o = priceToInt(k.open);
      const h = priceToInt(k.high);
      const l = priceToInt(k.low);
      const c = priceToInt(k.close);
      const v = qtyToInt(k.volume);
      if (o === null || h === null || l === null || c === null || v === null) continue;
      const ts = k.timestamp - (k.timestamp % MINUTE);
      ins.run(symbol, ts, o, h, l, c, v, String(notional(c, v)));
      if (ts >= recentFrom) touchedRecent = true;
    }
    if (touchedRecent) {
      const rows = this.store.db
        .prepare('SELECT * FROM candles WHERE symbol = ? AND ts >= ? ORDER BY ts')
        .all(symbol, recentFrom) as Array<MinuteCandle & { qv: string }>;
      this.recent.set(
        symbol,
        rows.map((r) => ({ ...r, qv: BigInt(r.qv) })),
      );
    }
    const lastC = candles[candles.length - 1];
    const prev = this.last.get(symbol);
    if (lastC && (!prev || prev.ts < lastC.timestamp)) {
      const c = priceToInt(lastC.close);
      if (c !== null) this.last.set(symbol, { price: c, ts: lastC.timestamp });
    }
  }

  lastPrice(symbol: string): { price: number; ts: number } | undefined {
    return this.last.get(symbol);
  }

  trades(symbol: string, limit: number): PublicTrade[] {
    const rows = this.store.db
      .prepare('SELECT * FROM trades WHERE symbol = ? ORDER BY trade_id DESC LIMIT ?')
      .all(symbol, limit) as Array<{
      trade_id: number;
      ts: number;
      price: string;
      qty: string;
      buyer_taker: number;
    }>;
    return rows.map((r) => ({
      timestamp: r.ts,
      price: r.price,
      qty: r.qty,
      isBuyerTaker: r.buyer_taker === 1,
      tradeId: r.trade_id,
    }));
  }

  /** Candles ascending; buckets with start in [start, end); the newest `limit` ones. */
  candles(symbol: string, interval: Interval, start: number, end: number, limit: number): Candle[] {
    const width = intervalMs(interval);
    // bucketStart(ts) = ts - ((ts - offset) % width) for ts >= offset (1W buckets start on Mondays)
    const offset = bucketStart(0, interval) < 0 ? bucketStart(0, interval) + width : bucketStart(0, interval);
    const rows = this.store.db
      .prepare(
        `SELECT ts - ((ts - @offset) % @width) AS b, MIN(ts) AS fts, MAX(ts) AS lts, MAX(h) AS h, MIN(l) AS l, CAST(SUM(v) AS TEXT) AS v
         FROM candles WHERE symbol = @symbol AND ts >= @from AND ts < @end
         GROUP BY b ORDER BY b DESC LIMIT @limit`,
      )
      .all({ offset, width, symbol, from: bucketStart(start, interval), end, limit }) as Array<{
      b: number;
      fts: number;
      lts: number;
      h: number;
      l: number;
      v: string;
    }>;
    const point = this.store.db.prepare('SELECT o, c FROM candles WHERE symbol = ? AND ts = ?');
    return rows.reverse().map((r) => {
      const first = point.get(symbol, r.fts) as { o: number };
      const last = point.get(symbol, r.lts) as { c: number };
      return {
        timestamp: r.b,
        open: priceStr(first.o),
        high: priceStr(r.h),
        low: priceStr(r.l),
        close: priceStr(last.c),
        volume: fromUnits(BigInt(r.v), QTY_DP), // summed as text: exact beyond 2^53
      };
    });
  }

  /** Rolling 24 h statistics from minute candles. */
  stats(symbol: string, now: number, fallbackPrice: string) {
    const from = now - DAY;
    const s = this.recent.get(symbol) ?? [];
    let open: number | null = null;
    let prevClose: number | null = null;
    let high = 0;
    let low = Number.MAX_SAFE_INTEGER;
    let vol = 0;
    let qv = 0n;
    for (const c of s) {
      if (c.ts + MINUTE <= from) {
        prevClose = c.c;
        continue;
      }
      if (open === null) open = c.o;
      high = Math.max(high, c.h);
      low = Math.min(low, c.l);
      vol += c.v;
      qv += c.qv;
    }
    const last = this.last.get(symbol);
    const close = last ? priceStr(last.price) : fallbackPrice;
    const openS = open === null ? close : priceStr(open);
    const prev = prevClose === null ? openS : priceStr(prevClose);
    const change = sub(close, prev);
    return {
      open: openS,
      high: open === null ? close : priceStr(high),
      low: open === null ? close : priceStr(low),
      close,
      prevClose: prev,
      priceChange: change,
      priceChangePercent: prev === '0' ? '0' : div(mul(change, '100'), prev, 2, 'halfUp'),
      volume: qtyStr(vol),
      quoteVolume: fromUnits(qv, LEDGER_DP),
      lastTradedAt: last?.ts ?? 0,
    };
  }
}
