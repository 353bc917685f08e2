/** Balance, deposit and withdrawal records (api-facts "Records"). */
import { z } from 'zod';
import { currencyCodeSchema, idSchema, timestampSchema, unsignedDecimalSchema } from './common.js';

/** Element of GET /v2/balance. balance = available + tradeInUse + withdrawalInUse. */
export const balanceSchema = z
  .object({
    currency: currencyCodeSchema,
    balance: unsignedDecimalSchema,
    available: unsignedDecimalSchema,
    tradeInUse: unsignedDecimalSchema,
    withdrawalInUse: unsignedDecimalSchema,
    /** Average purchase price in KRW; may be absent or null (e.g. for KRW itself). */
    avgPrice: unsignedDecimalSchema.nullish(),
  })
  .loose();

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
/** KRW deposit statuses (DESIGNED: unpublished; the coin deposit set minus actionRequired/refunded). */
export const KRW_DEPOSIT_STATUSES = ['pending', 'reviewing', 'done', 'failed'] as const;
/** KRW withdrawal statuses (DESIGNED: unpublished; the coin withdrawal set minus actionRequired). */
export const KRW_WITHDRAWAL_STATUSES = [
  'pending',
  'reviewing',
  'processing',
  'done',
  'canceled',
  'failed',
] as const;

export const coinDepositStatusSchema = z.enum(COIN_DEPOSIT_STATUSES, {
  error: `expected a deposit status (${COIN_DEPOSIT_STATUSES.join(', ')})`,
});
export const coinWithdrawalStatusSchema = z.enum(COIN_WITHDRAWAL_STATUSES, {
  error: `expected a withdrawal status (${COIN_WITHDRAWAL_STATUSES.join(', ')})`,
});
export const krwDepositStatusSchema = z.enum(KRW_DEPOSIT_STATUSES, {
  error: `expected a KRW deposit status (${KRW_DEPOSIT_STATUSES.join(', ')})`,
});
export const krwWithdrawalStatusSchema = z.enum(KRW_WITHDRAWAL_STATUSES, {
  error: `expected a KRW withdrawal status (${KRW_WITHDRAWAL_STATUSES.join(', ')})`,
});

const addressShape = {
  currency: currencyCodeSchema,
  network: z.string().min(1),
  address: z.string(),
  /** Memo / destination tag for networks that need one. */
  secondaryAddress: z.string().nullish(),
};

/** Element of GET /v2/coin/depositAddresses, data of GET/POST /v2/coin/depositAddress. */
export const depositAddressSchema = z.object(addressShape).loose();

/** Element of GET /v2/coin/withdrawableAddresses. */
export const withdrawableAddressSchema = z.object(addressShape).loose();

/** GET /v2/coin/withdrawableAmount. */
export const withdrawableAmountSchema = z
  .object({
    currency: currencyCodeSchema,
    withdrawableAmount: unsignedDecimalSchema,
    withdrawalInUseAmount: unsignedDecimalSchema,
  })
  .loose();

/** Element of GET /v2/coin/recentDeposits, data of GET /v2/coin/deposit. */
export const coinDepositSchema = z
  .object({
    id: idSchema,
    ...addressShape,
    status: coinDepositStatusSchema,
    quantity: unsignedDecimalSchema,
    transactionHash: z.string().nullish(),
    createdAt: timestampSchema,
  })
  .loose();

/** Element of GET /v2/coin/recentWithdrawals, data of GET /v2/coin/withdrawal. quantity excludes fee. */
export const coinWithdrawalSchema = z
  .object({
    id: idSchema,
    ...addressShape,
    status: coinWithdrawalStatusSchema,
    quantity: unsignedDecimalSchema,
    fee: unsignedDecimalSchema,
    transactionHash: z.string().nullish(),
    createdAt: timestampSchema,
  })
  .loose();

/** `data` of POST /v2/coin/withdrawal. */
export const withdrawalRequestResponseSchema = z
  .object({
    status: coinWithdrawalStatusSchema,
    coinWithdrawalId: idSchema,
  })
  .loose();

/** Element of GET /v2/krw/recentDeposits. */
export const krwDepositSchema = z
  .object({
    id: idSchema,
    status: krwDepositStatusSchema,
    quantity: unsignedDecimalSchema,
    createdAt: timestampSchema,
  })
  .loose();

/** Element of GET /v2/krw/recentWithdrawals. */
export const krwWithdrawalSchema = z
  .object({
    id: idSchema,
    status: krwWithdrawalStatusSchema,
    quantity: unsignedDecimalSchema,
    fee: unsignedDecimalSchema,
    createdAt: timestampSchema,
  })
  .loose();
