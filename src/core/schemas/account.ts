/** Key, account, transfer and reference records (api-facts "Records"; designed where unpublished). */
import { z } from 'zod/mini';
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
export const keyInfoSchema = z.looseObject({
  apiKey: z.string(),
  userUuid: z.nullish(z.string()),
  type: keyTypeSchema,
  /** SPKI PEM for ed25519 keys; absent or null for HMAC keys. */
  publicKey: z.nullish(z.string()),
  permissions: z.array(z.string()),
  /** Comma-separated IP list; empty or absent when unrestricted. */
  whitelist: z.nullish(z.string()),
  /** Expiry timestamp (ms); a key is valid one year from creation. */
  expiration: z.nullish(timestampSchema),
  status: keyStatusSchema,
  label: z.nullish(z.string()),
  allowedAccountSeqs: z.array(accountSeqSchema),
  createdAt: z.nullish(timestampSchema),
});

/** Element of GET /v2/accounts (DESIGNED): the sequence number and the user-given name. */
export const accountSchema = z.looseObject({
  accountSeq: accountSeqSchema,
  accountName: z.string(),
});

export const ACCOUNT_TRANSFER_STATUSES = ['pending', 'done', 'failed'] as const;
export const accountTransferStatusSchema = openEnum(ACCOUNT_TRANSFER_STATUSES, 'a transfer status');

/**
 * Account transfer record (DESIGNED): data of GET /v2/accountTransfer and POST /v2/accountTransfer,
 * element of GET /v2/recentAccountTransfers.
 */
export const accountTransferSchema = z.looseObject({
  transferId: idSchema,
  fromAccountSeq: accountSeqSchema,
  toAccountSeq: accountSeqSchema,
  currency: currencyCodeSchema,
  amount: unsignedDecimalSchema,
  status: accountTransferStatusSchema,
  createdAt: timestampSchema,
  /** Set once the transfer reached done or failed. */
  completedAt: z.nullish(timestampSchema),
});

/** Element of GET /v2/tradingFeePolicy. Rates are fractions ("0.0015" = 0.15%); maker may be negative. */
export const feePolicySchema = z.looseObject({
  symbol: symbolSchema,
  buyFeeCurrency: currencyCodeSchema,
  sellFeeCurrency: currencyCodeSchema,
  maxFeeRate: decimalSchema,
  takerFeeRate: decimalSchema,
  makerFeeRate: decimalSchema,
});

/** One network of a currency (element of Currency.networkList). */
export const networkSchema = z.looseObject({
  name: z.string(),
  fullName: z.nullish(z.string()),
  withdrawalStatus: openEnum(['launched', 'stopped'], 'a withdrawal status'),
  depositStatus: openEnum(['launched', 'stopped'], 'a deposit status'),
  confirmationCount: z.nullish(z.number().check(z.int(), z.nonnegative())),
  withdrawalTxFee: z.nullish(unsignedDecimalSchema),
  withdrawalMinAmount: z.nullish(unsignedDecimalSchema),
  withdrawalPrecision: z.nullish(z.number().check(z.int(), z.nonnegative())),
  hasSecondaryAddr: z.nullish(z.boolean()),
  contractAddress: z.nullish(z.string()),
  addressExplorerUrl: z.nullish(z.string()),
});

/**
 * Element of GET /v2/currencies. Fiat rows (krw) carry no `networkList`; every row has a top-level
 * `withdrawalMinAmount` (korbit-cli internal/rawapi/market.go, CurrencyInfo). A missing list reads as [].
 */
export const currencySchema = z.looseObject({
  name: currencyCodeSchema,
  fullName: z.nullish(z.string()),
  withdrawalMaxAmountPerRequest: z.nullish(unsignedDecimalSchema),
  withdrawalMinAmount: z.nullish(unsignedDecimalSchema),
  defaultNetwork: z.nullish(z.string()),
  networkList: z.pipe(
    z.nullish(z.array(networkSchema)),
    z.transform((v) => v ?? []),
  ),
});

/** Element of GET /v2/notices (the 20 newest). */
export const noticeSchema = z.looseObject({
  title: z.string(),
  createdAt: timestampSchema,
  updatedAt: z.nullish(timestampSchema),
  url: z.string(),
});

/** One alert of a market-alert record. `value` is free-form (a string or a number). */
export const alertSchema = z.looseObject({
  type: z.string(),
  typeKorean: z.nullish(z.string()),
  level: z.string(),
  levelKorean: z.nullish(z.string()),
  startAt: timestampSchema,
  endAt: z.nullish(timestampSchema),
  value: z.nullish(z.union([z.string(), z.number()])),
});

/** Element of GET /v2/marketAlerts. */
export const marketAlertSchema = z.looseObject({
  symbol: symbolSchema,
  alerts: z.array(alertSchema),
});

/** GET /v2/time. */
export const serverTimeSchema = z.looseObject({ time: timestampSchema });
