/** Balance, deposit and withdrawal records (api-facts "Records"). */
import { z } from 'zod/mini';
import { currencyCodeSchema, idSchema, timestampSchema, unsignedDecimalSchema } from './common.js';
import { openEnum, tolerantArray } from './tolerant.js';

/** Element of GET /v2/balance. balance = available + tradeInUse + withdrawalInUse. */
export const balanceSchema = z.looseObject({
  currency: currencyCodeSchema,
  balance: unsignedDecimalSchema,
  available: unsignedDecimalSchema,
  tradeInUse: unsignedDecimalSchema,
  withdrawalInUse: unsignedDecimalSchema,
  /** Average purchase price in KRW; may be absent or null (e.g. for KRW itself). */
  avgPrice: z.nullish(unsignedDecimalSchema),
});

export const COIN_DEPOSIT_STATUSES = [
  'pending',
  'actionRequired',
  'reviewing',
  'done',
  'refunded',
  'failed',
] as const;
export const COIN_WITHDRAWAL_STATUSES = [
  'pending',
  'actionRequired',
  'reviewing',
  'processing',
  'done',
  'canceled',
  'failed',
] as const;
/** KRW deposit statuses (fact: korbit-cli internal/ops/funding_ops.go, `krw deposit history`). */
export const KRW_DEPOSIT_STATUSES = [
  'pending',
  'processing',
  'reviewing',
  'done',
  'canceling',
  'canceled',
  'failed',
] as const;
/**
 * KRW withdrawal statuses. The vendor's client documents `processing | done | failed | canceled`
 * (internal/ops/funding_ops.go); pending and reviewing stay for the sandbox's timeline (open enum anyway).
 */
export const KRW_WITHDRAWAL_STATUSES = [
  'pending',
  'reviewing',
  'processing',
  'done',
  'canceled',
  'failed',
] as const;

// Open enums: an unknown status is kept and shown as received.
export const coinDepositStatusSchema = openEnum(COIN_DEPOSIT_STATUSES, 'a deposit status');
export const coinWithdrawalStatusSchema = openEnum(COIN_WITHDRAWAL_STATUSES, 'a withdrawal status');
export const krwDepositStatusSchema = openEnum(KRW_DEPOSIT_STATUSES, 'a KRW deposit status');
export const krwWithdrawalStatusSchema = openEnum(KRW_WITHDRAWAL_STATUSES, 'a KRW withdrawal status');

const addressShape = {
  currency: currencyCodeSchema,
  network: z.string().check(z.minLength(1)),
  address: z.string(),
  /** Memo / destination tag for networks that need one. */
  secondaryAddress: z.nullish(z.string()),
};

/** Element of GET /v2/coin/depositAddresses, data of GET/POST /v2/coin/depositAddress. */
export const depositAddressSchema = z.looseObject(addressShape);

/**
 * Element of GET /v2/coin/withdrawableAddresses. `currency` may be absent: the address is then valid
 * for any asset on its network (korbit-cli internal/rawapi/funding.go, WithdrawableAddress).
 */
export const withdrawableAddressSchema = z.looseObject({
  ...addressShape,
  currency: z.nullish(currencyCodeSchema),
});

/** Whether a registered withdrawal address may receive `currency` on `network`. */
export function addressFits(
  a: { currency?: string | null; network: string },
  currency: string,
  network: string,
): boolean {
  return (a.currency == null || a.currency === currency) && a.network === network;
}

/** One element of GET /v2/coin/withdrawableAmount. */
export const withdrawableAmountSchema = z.looseObject({
  currency: currencyCodeSchema,
  withdrawableAmount: unsignedDecimalSchema,
  withdrawalInUseAmount: unsignedDecimalSchema,
});

/**
 * `data` of GET /v2/coin/withdrawableAmount: an ARRAY, also when one currency is asked for
 * (korbit-cli internal/rawapi/funding.go, WithdrawAmount).
 */
export const withdrawableAmountListSchema = tolerantArray(withdrawableAmountSchema, 'withdrawable amount');

/** The row of `currency` (or the only row, as the vendor's client reads it), else null. */
export function pickWithdrawable<T extends { currency: string }>(
  rows: readonly T[],
  currency: string,
): T | null {
  return rows.find((r) => r.currency === currency) ?? (rows.length === 1 ? (rows[0] ?? null) : null);
}

/** Element of GET /v2/coin/recentDeposits, data of GET /v2/coin/deposit. */
export const coinDepositSchema = z.looseObject({
  id: idSchema,
  ...addressShape,
  status: coinDepositStatusSchema,
  quantity: unsignedDecimalSchema,
  transactionHash: z.nullish(z.string()),
  createdAt: timestampSchema,
});

/** Element of GET /v2/coin/recentWithdrawals, data of GET /v2/coin/withdrawal. quantity excludes fee. */
export const coinWithdrawalSchema = z.looseObject({
  id: idSchema,
  ...addressShape,
  status: coinWithdrawalStatusSchema,
  quantity: unsignedDecimalSchema,
  fee: unsignedDecimalSchema,
  transactionHash: z.nullish(z.string()),
  createdAt: timestampSchema,
});

/** `data` of POST /v2/coin/withdrawal. */
export const withdrawalRequestResponseSchema = z.looseObject({
  status: coinWithdrawalStatusSchema,
  coinWithdrawalId: idSchema,
});

/** Element of GET /v2/krw/recentDeposits. */
export const krwDepositSchema = z.looseObject({
  id: idSchema,
  status: krwDepositStatusSchema,
  quantity: unsignedDecimalSchema,
  createdAt: timestampSchema,
});

/** Element of GET /v2/krw/recentWithdrawals. */
export const krwWithdrawalSchema = z.looseObject({
  id: idSchema,
  status: krwWithdrawalStatusSchema,
  quantity: unsignedDecimalSchema,
  fee: unsignedDecimalSchema,
  createdAt: timestampSchema,
});
