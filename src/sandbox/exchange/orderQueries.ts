/**
 * All SQL on order records: the orders table (save, open-order reload, lookups, retention and
 * housekeeping) and the rows an account reads about its orders (fills in my_trades, prevented
 * self-trades). Open orders are answered from memory first (the book's live state).
 */
import type { Store } from '../store/db.js';
import type { OrderRecord, OrderStatus } from '../types.js';
import type { OpenOrders } from './openOrders.js';
import type { OrderState } from './orderState.js';

export const RETENTION_MS = 3 * 86_400_000;

/** An account's pair and a time window (start inclusive, end exclusive) with a row limit. */
export interface AccountWindow {
  userId: number;
  accountSeq: number;
  symbol: string;
  start: number;
  end: number;
  limit: number;
}

/**
 * The orders table's upsert, bound by position (better-sqlite3 looks named parameters up one by one
 * per call): run it with upsertOrderArgs.
 */
export const UPSERT_ORDER_SQL = `INSERT INTO orders(order_id, user_id, seq, symbol, client_order_id, status, created_at, closed_at, data)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(order_id) DO UPDATE SET status = excluded.status, closed_at = excluded.closed_at, data = excluded.data`;

/** One order row's columns (`data` is the order's state as JSON). */
export interface OrderRow {
  orderId: number;
  userId: number;
  accountSeq: number;
  symbol: string;
  clientOrderId: string | null;
  status: string;
  createdAt: number;
  closedAt: number | null;
  data: string;
}

/** UPSERT_ORDER_SQL's arguments in column order. */
export function upsertOrderArgs(r: OrderRow): unknown[] {
  return [
    r.orderId,
    r.userId,
    r.accountSeq,
    r.symbol,
    r.clientOrderId,
    r.status,
    r.createdAt,
    r.closedAt,
    r.data,
  ];
}

export class OrderQueries {
  private readonly byId;
  private readonly byClientId;
  private readonly clientIdStates;
  private readonly upsert;
  private readonly inWindow;
  private readonly fillsInWindow;

  constructor(
    private readonly store: Store,
    private readonly open: OpenOrders,
    private readonly now: () => number,
  ) {
    // prepared once, not per request
    this.byId = store.db.prepare('SELECT data FROM orders WHERE order_id = ?');
    this.byClientId = store.db.prepare(
      'SELECT data FROM orders WHERE user_id = ? AND seq = ? AND client_order_id = ? ORDER BY order_id DESC',
    );
    this.clientIdStates = store.db.prepare(
      'SELECT status, closed_at FROM orders WHERE user_id = ? AND seq = ? AND client_order_id = ?',
    );
    this.upsert = store.db.prepare(UPSERT_ORDER_SQL);
    this.inWindow = store.db.prepare(
      'SELECT data FROM orders WHERE user_id = ? AND seq = ? AND symbol = ? AND created_at >= ? AND created_at < ? ORDER BY created_at DESC, order_id DESC LIMIT ?',
    );
    this.fillsInWindow = store.db.prepare(
      'SELECT data FROM my_trades WHERE user_id = ? AND seq = ? AND symbol = ? AND ts >= ? AND ts < ? ORDER BY id DESC',
    );
  }

  /** Writes an order's row (insert or update of status, close time and state). */
  save(o: OrderState): void {
    this.upsert.run(
      ...upsertOrderArgs({
        orderId: o.orderId,
        userId: o.userId,
        accountSeq: o.accountSeq,
        symbol: o.symbol,
        clientOrderId: o.clientOrderId ?? null,
        status: o.status,
        createdAt: o.createdAt,
        closedAt: o.closedAt ?? null,
        data: JSON.stringify(o),
      }),
    );
  }

  /** The orders left open by a previous run, oldest first (reloaded into the books at start). */
  openAtStart(): OrderState[] {
    const rows = this.store.db
      .prepare("SELECT data FROM orders WHERE status IN ('open', 'partiallyFilled') ORDER BY order_id")
      .all() as Array<{ data: string }>;
    return rows.map((r) => JSON.parse(r.data) as OrderState);
  }

  load(orderId: number): OrderState | undefined {
    const open = this.open.get(orderId);
    if (open) return open;
    const row = this.byId.get(orderId) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as OrderState) : undefined;
  }

  /** Canceled and expired orders stop being retrievable RETENTION_MS after they close. */
  retrievable(o: OrderRecord, now = this.now()): boolean {
    if (o.status !== 'canceled' && o.status !== 'expired') return true;
    return (o.closedAt ?? 0) > now - RETENTION_MS;
  }

  find(
    userId: number,
    accountSeq: number,
    symbol: string,
    ref: { orderId?: number; clientOrderId?: string },
  ): OrderState | undefined {
    let o: OrderState | undefined;
    if (ref.orderId !== undefined) o = this.load(ref.orderId);
    else if (ref.clientOrderId !== undefined) {
      const rows = this.byClientId.all(userId, accountSeq, ref.clientOrderId) as Array<{ data: string }>;
      for (const r of rows) {
        const c =
          this.open.get((JSON.parse(r.data) as OrderState).orderId) ?? (JSON.parse(r.data) as OrderState);
        if (this.retrievable(c)) {
          o = c;
          break;
        }
      }
    }
    if (
      !o ||
      o.userId !== userId ||
      o.accountSeq !== accountSeq ||
      o.symbol !== symbol ||
      !this.retrievable(o)
    )
      return undefined;
    return o;
  }

  /** Orders created in the window, newest first (open ones in their live state). */
  created(w: AccountWindow): OrderState[] {
    const rows = this.inWindow.all(w.userId, w.accountSeq, w.symbol, w.start, w.end, w.limit) as Array<{
      data: string;
    }>;
    return rows.map((r) => {
      const o = JSON.parse(r.data) as OrderState;
      return this.open.get(o.orderId) ?? o;
    });
  }

  /** The account's fills in the window, newest first (all of them: the caller filters and limits). */
  fills(w: Omit<AccountWindow, 'limit'>): Array<{ orderId: number }> {
    const rows = this.fillsInWindow.all(w.userId, w.accountSeq, w.symbol, w.start, w.end) as Array<{
      data: string;
    }>;
    return rows.map((r) => JSON.parse(r.data) as { orderId: number });
  }

  /** Prevented self-trades of the account in the window, newest first (any pair when symbol is ''). */
  prevented(w: AccountWindow): unknown[] {
    const sym = w.symbol;
    const rows = this.store.db
      .prepare(
        `SELECT data FROM prevented WHERE user_id = ? AND seq = ? ${sym ? 'AND symbol = ?' : ''} AND ts >= ? AND ts < ? ORDER BY id DESC LIMIT ?`,
      )
      .all(
        ...([w.userId, w.accountSeq, ...(sym ? [sym] : []), w.start, w.end, w.limit] as number[]),
      ) as Array<{ data: string }>;
    return rows.map((r) => JSON.parse(r.data));
  }

  countOpen(userId: number, accountSeq: number, symbol: string): number {
    return this.open.count(userId, accountSeq, symbol);
  }

  anyWithClientId(userId: number, accountSeq: number, coid: string): boolean {
    const rows = this.clientIdStates.all(userId, accountSeq, coid) as Array<{
      status: OrderStatus;
      closed_at: number | null;
    }>;
    return rows.some((r) =>
      this.retrievable({ status: r.status, closedAt: r.closed_at ?? undefined } as OrderRecord),
    );
  }

  /**
   * Housekeeping: deletes canceled/expired orders closed more than RETENTION_MS ago (they are no
   * longer retrievable anyway) and every closed order of simulated (bot) users older than an hour.
   */
  purge(now = this.now()): number {
    const db = this.store.db;
    const a = db
      .prepare("DELETE FROM orders WHERE status IN ('canceled', 'expired') AND closed_at < ?")
      .run(now - RETENTION_MS).changes;
    const b = db
      .prepare(
        `DELETE FROM orders WHERE closed_at IS NOT NULL AND closed_at < ? AND status NOT IN ('open', 'partiallyFilled')
         AND user_id IN (SELECT id FROM users WHERE is_bot = 1)`,
      )
      .run(now - 3_600_000).changes;
    return a + b;
  }
}
