// What an order's row can say about when things happened, from the fields the exchange sends. The live
// service sends createdAt and lastFilledAt; closedAt and triggeredAt are the sandbox's designed fields
// that live does not send (docs/api-decisions.md, issue 18 item 5). A view never derives a date from an
// absent field: it shows the fields that are there and a dash otherwise.

export interface OrderTimesLike {
  createdAt?: number | null;
  lastFilledAt?: number | null;
  closedAt?: number | null;
  triggeredAt?: number | null;
}

export type OrderTimeKind = 'created' | 'triggered' | 'lastFilled' | 'closed';

export interface OrderTime {
  kind: OrderTimeKind;
  ts: number;
}

/** A timestamp worth showing: a finite positive number of epoch ms. */
export function isTimestamp(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0;
}

/** The latest thing the exchange told about the order after its creation: its close where sent, else its last fill. */
export function lastOrderEvent(o: OrderTimesLike): OrderTime | null {
  if (isTimestamp(o.closedAt)) return { kind: 'closed', ts: o.closedAt };
  if (isTimestamp(o.lastFilledAt)) return { kind: 'lastFilled', ts: o.lastFilledAt };
  return null;
}

const FIELD = {
  created: 'createdAt',
  triggered: 'triggeredAt',
  lastFilled: 'lastFilledAt',
  closed: 'closedAt',
} as const satisfies Record<OrderTimeKind, keyof OrderTimesLike>;

/** The order's times for a detail view, oldest first, only those that were sent. */
export function orderTimeRows(o: OrderTimesLike): OrderTime[] {
  const out: OrderTime[] = [];
  for (const kind of ['created', 'triggered', 'lastFilled', 'closed'] as const) {
    const v = o[FIELD[kind]];
    if (isTimestamp(v)) out.push({ kind, ts: v });
  }
  return out;
}
