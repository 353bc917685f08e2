import { describe, expect, it } from 'vitest';
import { transferIssue, transferPreview } from './transferPreview.js';

const base = {
  fromSeq: 1,
  toSeq: 2,
  amount: '100.5',
  fromAvailable: '1000',
  toBalance: '10',
  allowed: [1, 2],
};

describe('transfer preview', () => {
  it('shows both balances before and after', () => {
    expect(transferPreview(base)).toEqual({
      amount: '100.5',
      fromBefore: '1000',
      fromAfter: '899.5',
      toBefore: '10',
      toAfter: '110.5',
    });
  });
  it('refuses same account, disallowed accounts, bad or too large amounts', () => {
    expect(transferIssue({ ...base, toSeq: 1 })?.code).toBe('SAME_ACCOUNT');
    expect(transferIssue({ ...base, toSeq: 3 })).toEqual({ code: 'ACCOUNT_NOT_ALLOWED', accountSeq: 3 });
    expect(transferIssue({ ...base, amount: '-1' })?.code).toBe('AMOUNT_INVALID');
    expect(transferIssue({ ...base, amount: '1000.01' })).toEqual({
      code: 'INSUFFICIENT',
      available: '1000',
    });
    expect(transferPreview({ ...base, amount: '0' })).toBeNull();
  });
});
