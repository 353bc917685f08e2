import { describe, expect, it } from 'vitest';
import { isTimestamp, lastOrderEvent, orderTimeRows } from './orderTimes.js';

describe('order times', () => {
  it('take closedAt only where sent, else the last fill, else nothing', () => {
    expect(lastOrderEvent({ createdAt: 1, lastFilledAt: 5, closedAt: 9 })).toEqual({ kind: 'closed', ts: 9 });
    expect(lastOrderEvent({ createdAt: 1, lastFilledAt: 5 })).toEqual({ kind: 'lastFilled', ts: 5 });
    expect(lastOrderEvent({ createdAt: 1, lastFilledAt: null, closedAt: undefined })).toBeNull();
  });

  it('list only the times that were sent, oldest first', () => {
    expect(orderTimeRows({ createdAt: 1, lastFilledAt: 5 })).toEqual([
      { kind: 'created', ts: 1 },
      { kind: 'lastFilled', ts: 5 },
    ]);
    expect(
      orderTimeRows({ createdAt: 1, triggeredAt: 2, lastFilledAt: 5, closedAt: 9 }).map((r) => r.kind),
    ).toEqual(['created', 'triggered', 'lastFilled', 'closed']);
    expect(orderTimeRows({})).toEqual([]);
  });

  it('never take NaN, zero, strings or negatives as a time', () => {
    for (const v of [Number.NaN, 0, -5, '123', null, undefined, Number.POSITIVE_INFINITY]) {
      expect(isTimestamp(v)).toBe(false);
    }
    expect(lastOrderEvent({ closedAt: Number.NaN, lastFilledAt: 7 })).toEqual({ kind: 'lastFilled', ts: 7 });
  });
});
