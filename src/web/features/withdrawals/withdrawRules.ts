// Client-side checks for a coin withdrawal request, so a bad request is explained before it is sent.
import {
  add,
  type Dec,
  decimalPlaces,
  gt,
  isPositive,
  lt,
  parseDecimal,
  round,
} from '../../../core/decimal.js';

export interface NetworkRule {
  name: string;
  withdrawalStatus?: string | null;
  withdrawalTxFee?: Dec | null;
  withdrawalMinAmount?: Dec | null;
  withdrawalPrecision?: number | null;
}

export type WithdrawIssue =
  | { code: 'AMOUNT_INVALID'; reason: string }
  | { code: 'NETWORK_SUSPENDED' }
  | { code: 'BELOW_MINIMUM'; min: Dec }
  | { code: 'TOO_PRECISE'; dp: number }
  | { code: 'ABOVE_MAX_PER_REQUEST'; max: Dec }
  | { code: 'INSUFFICIENT'; need: Dec; have: Dec }
  | { code: 'NO_ADDRESS' };

export interface WithdrawCheck {
  amount: string;
  network: NetworkRule | undefined;
  address: string | undefined;
  withdrawable: Dec | undefined;
  maxPerRequest?: Dec | null;
}

/** Total taken from the balance: the amount plus the network fee (the amount excludes the fee). */
export function withdrawalTotal(amount: Dec, fee: Dec | null | undefined): Dec {
  return add(amount, fee && parseDecimal(fee).ok ? fee : '0');
}

export function withdrawIssue(c: WithdrawCheck): WithdrawIssue | null {
  if (!c.address) return { code: 'NO_ADDRESS' };
  if (c.network?.withdrawalStatus && c.network.withdrawalStatus !== 'launched') {
    return { code: 'NETWORK_SUSPENDED' };
  }
  const parsed = parseDecimal(c.amount.trim(), { allowZero: false });
  if (!parsed.ok) return { code: 'AMOUNT_INVALID', reason: parsed.reason };
  const amount = parsed.value;
  if (!isPositive(amount)) return { code: 'AMOUNT_INVALID', reason: 'must be greater than zero' };
  const n = c.network;
  if (n?.withdrawalMinAmount && lt(amount, n.withdrawalMinAmount)) {
    return { code: 'BELOW_MINIMUM', min: n.withdrawalMinAmount };
  }
  if (typeof n?.withdrawalPrecision === 'number' && decimalPlaces(amount) > n.withdrawalPrecision) {
    return { code: 'TOO_PRECISE', dp: n.withdrawalPrecision };
  }
  if (c.maxPerRequest && gt(amount, c.maxPerRequest))
    return { code: 'ABOVE_MAX_PER_REQUEST', max: c.maxPerRequest };
  // withdrawableAmount is what may be requested: the exchange has already set the fee aside.
  if (c.withdrawable !== undefined && gt(amount, c.withdrawable)) {
    return { code: 'INSUFFICIENT', need: amount, have: c.withdrawable };
  }
  return null;
}

/** Statuses in which a withdrawal may still be canceled. */
/** Live: a withdrawal can be canceled only while actionRequired or reviewing (korbit-cli ops/funding_ops.go). */
export const CANCELABLE_WITHDRAWAL = new Set(['actionRequired', 'reviewing']);

export function isCancelable(status: string): boolean {
  return CANCELABLE_WITHDRAWAL.has(status);
}

/** Largest amount that can be requested: the withdrawable amount, capped per request, floored to the precision. */
export function maxWithdrawAmount(
  withdrawable: Dec,
  precision: number | null | undefined,
  maxPerRequest?: Dec | null,
): Dec {
  let m = withdrawable;
  if (!isPositive(m)) return '0';
  if (maxPerRequest && gt(m, maxPerRequest)) m = maxPerRequest;
  return typeof precision === 'number' ? round(m, precision, 'down') : m;
}
