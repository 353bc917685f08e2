/** Order lookups (open orders in memory, closed ones in SQLite), retention and housekeeping. */
import type { Store } from '../store/db.js';
import type { OrderRecord, OrderStatus } from '../types.js';
import type { OpenOrders } from './openOrders.js';
import type { OrderState } from './orderState.js';

export const RETENTION_MS = 3 * 86_400_000;

export class OrderQueries {
  private readonly byId;
  private readonly byClientId;
  private readonly clientIdStates;

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
