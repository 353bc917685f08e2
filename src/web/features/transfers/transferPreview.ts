// Preview of a transfer between two of the user's own accounts: balances before and after.
import { add, type Dec, gt, parseDecimal, sub } from '../../../core/decimal.js';

export type TransferIssue =
  | { code: 'SAME_ACCOUNT' }
  | { code: 'AMOUNT_INVALID'; reason: string }
  | { code: 'INSUFFICIENT'; available: Dec }
  | { code: 'ACCOUNT_NOT_ALLOWED'; accountSeq: number };

export interface TransferInput {
  fromSeq: number;
  toSeq: number;
  amount: string;
  /** Available balance of the currency in the source account. */
  fromAvailable: Dec;
  /** Current total balance of the currency in the destination account. */
  toBalance: Dec;
  allowed: readonly number[];
}

export interface TransferPreview {
  amount: Dec;
  fromBefore: Dec;
  fromAfter: Dec;
  toBefore: Dec;
  toAfter: Dec;
}

export function transferIssue(i: TransferInput): TransferIssue | null {
  if (!i.allowed.includes(i.fromSeq)) return { code: 'ACCOUNT_NOT_ALLOWED', accountSeq: i.fromSeq };
  if (!i.allowed.includes(i.toSeq)) return { code: 'ACCOUNT_NOT_ALLOWED', accountSeq: i.toSeq };
  if (i.fromSeq === i.toSeq) return { code: 'SAME_ACCOUNT' };
  const p = parseDecimal(i.amount.trim(), { allowZero: false });
  if (!p.ok) return { code: 'AMOUNT_INVALID', reason: p.reason };
  if (gt(p.value, i.fromAvailable)) return { code: 'INSUFFICIENT', available: i.fromAvailable };
  return null;
}

export function transferPreview(i: TransferInput): TransferPreview | null {
  if (transferIssue(i)) return null;
  const amount = parseDecimal(i.amount.trim()).ok
    ? (parseDecimal(i.amount.trim()) as { value: Dec }).value
    : '0';
  return {
    amount,
    fromBefore: i.fromAvailable,
    fromAfter: sub(i.fromAvailable, amount),
    toBefore: i.toBalance,
    toAfter: add(i.toBalance, amount),
  };
}
