import { describe, expect, it } from 'vitest';
import {
  isFinalStatus,
  isKnownOrderStatus,
  isOpenStatus,
  isRestingStatus,
  normalizeOrderStatus,
} from './orderStatus.js';
import { ORDER_STATUSES } from './schemas/orders.js';

describe('order status rules', () => {
  it('classes every known status as exactly one of open and final', () => {
    for (const s of ORDER_STATUSES) {
      expect(isKnownOrderStatus(s)).toBe(true);
      expect(isOpenStatus(s) !== isFinalStatus(s)).toBe(true);
    }
    expect(ORDER_STATUSES.filter(isOpenStatus)).toEqual(['pending', 'open', 'partiallyFilled']);
    expect(ORDER_STATUSES.filter(isFinalStatus)).toEqual([
      'filled',
      'canceled',
      'partiallyFilledCanceled',
      'expired',
    ]);
  });

  it("reads the stream's unfilled as REST's open", () => {
    expect(normalizeOrderStatus('unfilled')).toBe('open');
    expect(isOpenStatus('unfilled')).toBe(true);
    expect(isRestingStatus('unfilled')).toBe(true);
    expect(isFinalStatus('unfilled')).toBe(false);
  });

  it('keeps an unknown status as received, neither open nor final', () => {
    expect(normalizeOrderStatus('triggered')).toBe('triggered');
    expect(isKnownOrderStatus('triggered')).toBe(false);
    expect(isOpenStatus('triggered')).toBe(false);
    expect(isFinalStatus('triggered')).toBe(false);
    expect(isOpenStatus('toString')).toBe(false); // no prototype keys
  });

  it('resting is open or partially filled, not pending', () => {
    expect(['pending', 'open', 'partiallyFilled', 'filled'].map(isRestingStatus)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});
