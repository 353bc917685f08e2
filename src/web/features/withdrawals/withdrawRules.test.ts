import { describe, expect, it } from 'vitest';
import { isCancelable, maxWithdrawAmount, withdrawalTotal, withdrawIssue } from './withdrawRules.js';

const network = {
  name: 'BTC',
  withdrawalStatus: 'launched',
  withdrawalTxFee: '0.0005',
  withdrawalMinAmount: '0.001',
  withdrawalPrecision: 8,
};
const base = { network, address: 'bc1q', withdrawable: '1', maxPerRequest: '10' };

describe('withdrawal checks', () => {
  it('accepts a valid request', () => {
    expect(withdrawIssue({ ...base, amount: '0.5' })).toBeNull();
  });
  it('adds the fee to the total debited and caps the amount at the withdrawable amount', () => {
    expect(withdrawalTotal('0.1', '0.0005')).toBe('0.1005');
    expect(withdrawIssue({ ...base, amount: '1.0001' })).toEqual({
      code: 'INSUFFICIENT',
      need: '1.0001',
      have: '1',
    });
    expect(withdrawIssue({ ...base, amount: '1' })).toBeNull();
  });
  it('rejects bad amounts, minimum and precision', () => {
    expect(withdrawIssue({ ...base, amount: 'abc' })?.code).toBe('AMOUNT_INVALID');
    expect(withdrawIssue({ ...base, amount: '0' })?.code).toBe('AMOUNT_INVALID');
    expect(withdrawIssue({ ...base, amount: '1e-3' })?.code).toBe('AMOUNT_INVALID');
    expect(withdrawIssue({ ...base, amount: '0.0009' })).toEqual({ code: 'BELOW_MINIMUM', min: '0.001' });
    expect(withdrawIssue({ ...base, amount: '0.123456789' })).toEqual({ code: 'TOO_PRECISE', dp: 8 });
  });
  it('rejects a suspended network, missing address, and over the per-request maximum', () => {
    expect(
      withdrawIssue({ ...base, amount: '0.5', network: { ...network, withdrawalStatus: 'stopped' } })?.code,
    ).toBe('NETWORK_SUSPENDED');
    expect(withdrawIssue({ ...base, amount: '0.5', address: undefined })?.code).toBe('NO_ADDRESS');
    expect(withdrawIssue({ ...base, amount: '11', withdrawable: '100' })).toEqual({
      code: 'ABOVE_MAX_PER_REQUEST',
      max: '10',
    });
  });
  it('knows which statuses are cancelable', () => {
    expect(isCancelable('pending')).toBe(false); // live: only actionRequired / reviewing
    expect(isCancelable('reviewing')).toBe(true);
    expect(isCancelable('actionRequired')).toBe(true);
    expect(isCancelable('processing')).toBe(false);
    expect(isCancelable('done')).toBe(false);
  });
});

describe('max withdrawal amount', () => {
  it('floors to the precision and caps per request', () => {
    expect(maxWithdrawAmount('1.123456789', 4)).toBe('1.1234');
    expect(maxWithdrawAmount('0', 8)).toBe('0');
    expect(maxWithdrawAmount('100', 2, '50')).toBe('50');
    expect(maxWithdrawAmount('10', null)).toBe('10');
  });
});
