// Public channels: ticker, orderbook (top 30, optional grouping level) and trade. Updates are
// coalesced per symbol: one flush at most every publish interval (option publishIntervalMs,
// default 25 ms, so up to 40 book updates a second per pair). Tickers are throttled to one per
// 200 ms per pair on a timer of their own, which never holds back a book or a trade. Every orderbook
// frame is a full replacement of the top 30 read from the same getOrderbook() that serves
// GET /v2/orderbook, so after the market goes quiet the last frame equals the REST book.
// Request checks are in publicRequest.ts, frame building in publicFrames.ts.
import { isPublicChannel, type PublicChannel as PublicType } from '../../core/channels.js';
import type { PublicTrade, SandboxContext } from '../context.js';
import type { Conn } from './conn.js';
import { ack, fail, type RequestItem } from './protocol.js';
import { frameAround, subKey as key } from './publicFrames.js';
import { checkSubscribe } from './publicRequest.js';

export const BOOK_DEPTH = 30;
export const TRADE_SNAPSHOT = 30;
export const DEFAULT_PUBLISH_MS = 25;
const TICKER_MIN_INTERVAL_MS = 200;

export class PublicHub {
  private subs = new Map<string, Set<Conn>>();
  private connSubs = new Map<Conn, Set<string>>();
  private pendingTrades = new Map<string, PublicTrade[]>();
  private dirtyBooks = new Set<string>();
  private dirtyTickers = new Set<string>();
  private lastBook = new Map<string, string>();
  private lastLevels = new Map<string, string>();
  private lastTicker = new Map<string, string>();
  private lastTickerAt = new Map<string, number>();
  private flushTimer: NodeJS.Timeout | null = null;
  private tickerTimer: NodeJS.Timeout | null = null;
  private readonly flushMs: number;
  private resendTimer: NodeJS.Timeout;
  frames = 0;

  constructor(private readonly ctx: SandboxContext) {
    const ms = ctx.options.publishIntervalMs ?? DEFAULT_PUBLISH_MS;
    this.flushMs = Number.isFinite(ms) ? Math.min(1000, Math.max(5, ms)) : DEFAULT_PUBLISH_MS;
    this.resendTimer = setInterval(() => this.resendSkipped(), 250);
    this.resendTimer.unref();
  }

  // ---- bus events ----

  onTrade(symbol: string, trade: PublicTrade): void {
    if (this.subs.has(key('trade', symbol))) {
      let list = this.pendingTrades.get(symbol);
      if (!list) {
        list = [];
        this.pendingTrades.set(symbol, list);
      }
      if (list.length < 5000) list.push(trade);
    }
    if (this.subs.has(key('ticker', symbol))) this.dirtyTickers.add(symbol);
    this.schedule();
  }

  onBook(symbol: string): void {
    this.dirtyBooks.add(symbol);
    if (this.subs.has(key('ticker', symbol))) this.dirtyTickers.add(symbol);
    this.schedule();
  }

  // ---- requests ----

  handle(conn: Conn, item: RequestItem): void {
    const rid = item.requestId;
    if (!isPublicChannel(item.type)) {
      conn.sendControl(fail('INVALID_REQUEST', `unknown type ${item.type} on the public stream`, rid));
      return;
    }
    const type = item.type as PublicType;
    if (item.method === 'unsubscribe') {
      this.unsubscribe(conn, type, item.symbols, item.level);
      const a = ack(rid);
      if (a) conn.sendControl(a);
      return;
    }
    const mine = this.connSubs.get(conn) ?? new Set<string>();
    const checked = checkSubscribe(this.ctx, item, type, mine.size);
    if ('refusal' in checked) {
      conn.sendControl(checked.refusal);
      return;
    }
    const level = checked.level;
    const symbols = item.symbols!;
    this.connSubs.set(conn, mine);
    const a = ack(rid);
    if (a) conn.sendControl(a);
    for (const symbol of symbols) {
      // Deliver trades already queued to existing subscribers first, so the snapshot below does
      // not repeat them to this one.
      if (type === 'trade') this.flushTrades(symbol);
      const k = key(type, symbol, level);
      let set = this.subs.get(k);
      if (!set) {
        set = new Set();
        this.subs.set(k, set);
      }
      set.add(conn);
      mine.add(k);
      this.sendSnapshot(conn, type, symbol, level);
    }
  }

  remove(conn: Conn): void {
    for (const k of this.connSubs.get(conn) ?? []) this.dropSub(k, conn);
    this.connSubs.delete(conn);
  }

  close(): void {
    clearInterval(this.resendTimer);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    if (this.tickerTimer) clearTimeout(this.tickerTimer);
    this.flushTimer = null;
    this.tickerTimer = null;
  }

  subscriptionCount(): number {
    let n = 0;
    for (const s of this.subs.values()) n += s.size;
    return n;
  }

  // ---- internals ----

  private unsubscribe(conn: Conn, type: PublicType, symbols?: string[], level?: string): void {
    const mine = this.connSubs.get(conn);
    if (!mine) return;
    for (const k of [...mine]) {
      const [t, s, l] = k.split(':');
      if (t !== type) continue;
      if (symbols && !symbols.includes(s!)) continue;
      if (level !== undefined && l !== level) continue;
      mine.delete(k);
      this.dropSub(k, conn);
    }
  }

  private dropSub(k: string, conn: Conn): void {
    const set = this.subs.get(k);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) {
      this.subs.delete(k);
      this.lastBook.delete(k);
      this.lastLevels.delete(k);
    }
  }

  private frame(type: PublicType, symbol: string, data: unknown, snapshot: boolean, level: string): string {
    return frameAround(this.ctx.now(), type, symbol, JSON.stringify(data), snapshot, level);
  }

  /** The book as JSON, and its levels only (the book's own timestamp changes on every read). */
  private bookData(symbol: string, level: string): { json: string; levels: string } {
    const ob = this.ctx.exchange.getOrderbook(symbol, BOOK_DEPTH, level || undefined);
    const levels = JSON.stringify([ob.bids, ob.asks]);
    return { json: JSON.stringify(ob), levels };
  }

  private sendSnapshot(conn: Conn, type: PublicType, symbol: string, level: string): void {
    let json: string;
    if (type === 'ticker') json = JSON.stringify(this.ctx.exchange.getTicker(symbol));
    else if (type === 'trade')
      json = JSON.stringify(
        this.ctx.exchange.getTrades(symbol, this.ctx.profile.tradeSnapshotRows(TRADE_SNAPSHOT)),
      );
    else {
      // lastBook / lastLevels stay what was last broadcast: other subscribers may not have seen
      // this state yet, and the next flush must still send it to them.
      json = this.bookData(symbol, level).json;
      conn.resendKeys.delete(key('orderbook', symbol, level));
    }
    this.frames++;
    conn.sendFrame(frameAround(this.ctx.now(), type, symbol, json, true, level), { snapshot: true });
  }

  private schedule(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.flush();
    }, this.flushMs);
  }

  /** A throttled ticker waits on this timer, never on (or in place of) the book flush. */
  private scheduleTickers(ms: number): void {
    if (this.tickerTimer) return;
    this.tickerTimer = setTimeout(() => {
      this.tickerTimer = null;
      try {
        this.flushTickers();
      } catch (err) {
        this.ctx.options.log(`ws: public ticker flush failed: ${(err as Error).message}`);
      }
    }, ms);
  }

  private broadcast(k: string, frame: string): void {
    const set = this.subs.get(k);
    if (!set) return;
    for (const conn of set) {
      this.frames++;
      conn.sendFrame(frame, { key: k });
    }
  }

  private flushTrades(symbol: string): void {
    const list = this.pendingTrades.get(symbol);
    if (!list || list.length === 0) return;
    this.pendingTrades.delete(symbol);
    const k = key('trade', symbol);
    if (!this.subs.has(k)) return;
    list.reverse(); // newest first, like GET /v2/trades
    this.broadcast(k, this.frame('trade', symbol, list, false, ''));
  }

  private flush(): void {
    try {
      for (const symbol of [...this.pendingTrades.keys()]) this.flushTrades(symbol);
      const dirty = [...this.dirtyBooks];
      this.dirtyBooks.clear();
      for (const symbol of dirty) {
        for (const level of this.levelsOf(symbol)) {
          const k = key('orderbook', symbol, level);
          const b = this.bookData(symbol, level);
          if (this.lastLevels.get(k) === b.levels) continue;
          this.lastLevels.set(k, b.levels);
          this.lastBook.set(k, b.json);
          this.broadcast(k, frameAround(this.ctx.now(), 'orderbook', symbol, b.json, false, level));
        }
      }
      this.flushTickers();
    } catch (err) {
      this.ctx.options.log(`ws: public flush failed: ${(err as Error).message}`);
    }
  }

  private flushTickers(): void {
    const now = Date.now();
    let retryIn = 0;
    for (const symbol of [...this.dirtyTickers]) {
      const since = now - (this.lastTickerAt.get(symbol) ?? 0);
      if (since < TICKER_MIN_INTERVAL_MS) {
        retryIn = Math.max(retryIn, TICKER_MIN_INTERVAL_MS - since);
        continue;
      }
      this.dirtyTickers.delete(symbol);
      const k = key('ticker', symbol);
      if (!this.subs.has(k)) continue;
      const t = JSON.stringify(this.ctx.exchange.getTicker(symbol));
      if (this.lastTicker.get(symbol) === t) continue;
      this.lastTicker.set(symbol, t);
      this.lastTickerAt.set(symbol, now);
      this.broadcast(k, frameAround(this.ctx.now(), 'ticker', symbol, t, false, ''));
    }
    if (retryIn > 0) this.scheduleTickers(retryIn);
  }

  private levelsOf(symbol: string): string[] {
    const out: string[] = [];
    const prefix = `orderbook:${symbol}:`;
    for (const k of this.subs.keys()) if (k.startsWith(prefix)) out.push(k.slice(prefix.length));
    return out;
  }

  /** Re-send the latest book to connections that skipped one under load, once they drained. */
  private resendSkipped(): void {
    for (const conn of this.connSubs.keys()) {
      if (conn.resendKeys.size === 0 || conn.ws.bufferedAmount > 0) continue;
      for (const k of [...conn.resendKeys]) {
        conn.resendKeys.delete(k);
        const [, symbol, level = ''] = k.split(':');
        const json = this.lastBook.get(k);
        if (!json || !symbol) continue;
        conn.sendFrame(frameAround(this.ctx.now(), 'orderbook', symbol, json, false, level), { key: k });
      }
    }
  }
}
