/** Key, account, transfer and reference records (api-facts "Records"; designed where unpublished). */
import { z } from 'zod';
import {
  accountSeqSchema,
  currencyCodeSchema,
  decimalSchema,
  idSchema,
  symbolSchema,
  timestampSchema,
  unsignedDecimalSchema,
} from './common.js';
import { openEnum } from './tolerant.js';

export const keyTypeSchema = z.enum(['hmac-sha256', 'ed25519'], {
  error: 'expected a key type ("hmac-sha256" or "ed25519")',
});
export const keyStatusSchema = z.enum(['activated', 'deactivated'], {
  error: 'expected "activated" or "deactivated"',
});

/** GET /v2/currentKeyInfo. `permissions` stays a plain string list so a new permission never breaks it. */
export const keyInfoSchema = z
  .object({
    apiKey: z.string(),
    userUuid: z.string().nullish(),
    type: keyTypeSchema,
    /** SPKI PEM for ed25519 keys; absent or null for HMAC keys. */
    publicKey: z.string().nullish(),
    permissions: z.array(z.string()),
    /** Comma-separated IP list; empty or absent when unrestricted. */
    whitelist: z.string().nullish(),
    /** Expiry timestamp (ms); a key is valid one year from creation. */
    expiration: timestampSchema.nullish(),
    status: keyStatusSchema,
    label: z.string().nullish(),
    allowedAccountSeqs: z.array(accountSeqSchema),
    createdAt: timestampSchema.nullish(),
  })
  .loose();

/** Element of GET /v2/accounts (DESIGNED): the sequence number and the user-given name. */
export const accountSchema = z
  .object({
    accountSeq: accountSeqSchema,
    accountName: z.string(),
  })
  .loose();

export const ACCOUNT_TRANSFER_STATUSES = ['pending', 'done', 'failed'] as const;
export const accountTransferStatusSchema = openEnum(ACCOUNT_TRANSFER_STATUSES, 'a transfer status');

/**
 * Account transfer record (DESIGNED): data of GET /v2/accountTransfer and POST /v2/accountTransfer,
 * element of GET /v2/recentAccountTransfers.
 */
export const accountTransferSchema = z
  .object({
    transferId: idSchema,
    fromAccountSeq: accountSeqSchema,
    toAccountSeq: accountSeqSchema,
    currency: currencyCodeSchema,
    amount: unsignedDecimalSchema,
    status: accountTransferStatusSchema,
    createdAt: timestampSchema,
    /** Set once the transfer reached done or failed. */
    completedAt: timestampSchema.nullish(),
  })
  .loose();

/** Element of GET /v2/tradingFeePolicy. Rates are fractions ("0.0015" = 0.15%); maker may be negative. */
export const feePolicySchema = z
  .object({
    symbol: symbolSchema,
    buyFeeCurrency: currencyCodeSchema,
    sellFeeCurrency: currencyCodeSchema,
    maxFeeRate: decimalSchema,
    takerFeeRate: decimalSchema,
    makerFeeRate: decimalSchema,
  })
  .loose();

/** One network of a currency (element of Currency.networkList). */
export const networkSchema = z
  .object({
    name: z.string(),
    fullName: z.string().nullish(),
    withdrawalStatus: openEnum(['launched', 'stopped'], 'a withdrawal status'),
    depositStatus: openEnum(['launched', 'stopped'], 'a deposit status'),
    confirmationCount: z.number().int().nonnegative().nullish(),
    withdrawalTxFee: unsignedDecimalSchema.nullish(),
    withdrawalMinAmount: unsignedDecimalSchema.nullish(),
    withdrawalPrecision: z.number().int().nonnegative().nullish(),
    hasSecondaryAddr: z.boolean().nullish(),
    contractAddress: z.string().nullish(),
    addressExplorerUrl: z.string().nullish(),
  })
  .loose();

/**
 * Element of GET /v2/currencies. Fiat rows (krw) carry no `networkList`; every row has a top-level
 * `withdrawalMinAmount` (korbit-cli internal/rawapi/market.go, CurrencyInfo). A missing list reads as [].
 */
export const currencySchema = z
  .object({
    name: currencyCodeSchema,
    fullName: z.string().nullish(),
    withdrawalMaxAmountPerRequest: unsignedDecimalSchema.nullish(),
    withdrawalMinAmount: unsignedDecimalSchema.nullish(),
    defaultNetwork: z.string().nullish(),
    networkList: z
      .array(networkSchema)
      .nullish()
      .transform((v) => v ?? []),
  })
  .loose();

/** Element of GET /v2/notices (the 20 newest). */
export const noticeSchema = z
  .object({
    title: z.string(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema.nullish(),
    url: z.string(),
  })
  .loose();

/** One alert of a market-alert record. `value` is free-form (a string or a number). */
export const alertSchema = z
  .object({
    type: z.string(),
    typeKorean: z.string().nullish(),
    level: z.string(),
    levelKorean: z.string().nullish(),
    startAt: timestampSchema,
    endAt: timestampSchema.nullish(),
    value: z.union([z.string(), z.number()]).nullish(),
  })
  .loose();

/** Element of GET /v2/marketAlerts. */
export const marketAlertSchema = z
  .object({
    symbol: symbolSchema,
    alerts: z.array(alertSchema),
  })
  .loose();

/** GET /v2/time. */
export const serverTimeSchema = z.object({ time: timestampSchema }).loose();
