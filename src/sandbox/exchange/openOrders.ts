/**
 * The open orders by id, with a count per account and pair kept as orders come and go, so the
 * open-order limit check on every placement is a lookup instead of a scan of every open order.
 */
import type { OrderState } from './orderState.js';

const keyOf = (userId: number, accountSeq: number, symbol: string) => `${userId}:${accountSeq}:${symbol}`;

export class OpenOrders extends Map<number, OrderState> {
  private readonly counts = new Map<string, number>();

  override set(id: number, o: OrderState): this {
    const prev = this.get(id);
    if (prev !== o) {
      if (prev) this.bump(prev, -1);
      this.bump(o, 1);
    }
    return super.set(id, o);
  }

  override delete(id: number): boolean {
    const prev = this.get(id);
    if (prev) this.bump(prev, -1);
    return super.delete(id);
  }

  override clear(): void {
    this.counts.clear();
    super.clear();
  }

  count(userId: number, accountSeq: number, symbol: string): number {
    return this.counts.get(keyOf(userId, accountSeq, symbol)) ?? 0;
  }

  private bump(o: OrderState, by: number): void {
    const k = keyOf(o.userId, o.accountSeq, o.symbol);
    const n = (this.counts.get(k) ?? 0) + by;
    if (n > 0) this.counts.set(k, n);
    else this.counts.delete(k);
  }
}
