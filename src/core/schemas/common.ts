/**
 * Shared building blocks for every record schema: decimal strings, timestamps, symbols,
 * account numbers and the REST envelopes (spec 2.1, api-facts "Envelope and errors").
 *
 * Runtime-neutral: no DOM, no Node APIs.
 */
import { z } from 'zod';

/** Longest decimal string accepted (sign, digits and point included). */
export const MAX_DECIMAL_LENGTH = 64;

/** Plain decimal: optional minus, digits, optional fraction. No exponent, no `+`, no bare `.5` or `5.`. */
export const DECIMAL_RE = /^-?\d+(\.\d+)?$/;
/** Plain non-negative decimal (no sign at all). */
export const UNSIGNED_DECIMAL_RE = /^\d+(\.\d+)?$/;
/** Trading pair symbol: `<base>_<quote>`, lowercase. */
export const SYMBOL_RE = /^[a-z0-9]+_[a-z0-9]+$/;

/** A decimal number carried as a plain string, possibly negative (e.g. priceChange). */
export const decimalSchema = z
  .string({ error: 'expected a decimal string such as "123.45"' })
  .max(MAX_DECIMAL_LENGTH, { error: `expected a decimal string of at most ${MAX_DECIMAL_LENGTH} characters` })
  .regex(DECIMAL_RE, { error: 'expected a plain decimal string such as "123.45" (no exponent, no "+")' });

/** A decimal string that may not be negative (prices, quantities, balances). */
export const unsignedDecimalSchema = z
  .string({ error: 'expected a decimal string such as "123.45"' })
  .max(MAX_DECIMAL_LENGTH, { error: `expected a decimal string of at most ${MAX_DECIMAL_LENGTH} characters` })
  .regex(UNSIGNED_DECIMAL_RE, {
    error: 'expected a plain non-negative decimal string such as "123.45" (no sign, no exponent)',
  });

/** UNIX timestamp in milliseconds, carried as a number. */
export const timestampSchema = z
  .number({ error: 'expected a timestamp in milliseconds (number)' })
  .int({ error: 'expected a timestamp in milliseconds (integer)' })
  .nonnegative({ error: 'expected a timestamp in milliseconds (not negative)' });

/** Trading pair symbol, e.g. `btc_krw`. */
export const symbolSchema = z
  .string({ error: 'expected a pair symbol such as "btc_krw"' })
  .regex(SYMBOL_RE, { error: 'expected a lowercase pair symbol such as "btc_krw"' });

/** Account sequence number: 1 is the main account, every other positive integer a sub-account. */
export const accountSeqSchema = z
  .number({ error: 'expected an account sequence number (integer)' })
  .int({ error: 'expected an account sequence number (integer)' })
  .positive({ error: 'expected an account sequence number (1 or more)' });

/** Server-generated numeric id (orderId, tradeId, ...). */
export const idSchema = z
  .number({ error: 'expected a numeric id' })
  .int({ error: 'expected an integer id' })
  .nonnegative({ error: 'expected a non-negative id' });

/** Currency code as the API writes it (lowercase, e.g. `btc`, `krw`). */
export const currencyCodeSchema = z
  .string({ error: 'expected a currency code such as "btc"' })
  .min(1, { error: 'expected a non-empty currency code' });

/** Launch status shared by trading pairs and currency networks. */
export const launchStatusSchema = z.enum(['launched', 'stopped'], {
  error: 'expected "launched" or "stopped"',
});

/** `{ success: true, data: <payload> }` (spec 2.1). Unknown top-level fields are kept. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data }).loose();
}

/** Bare acknowledgement `{ success: true }` (e.g. a cancel). */
export const ackSchema = z.object({ success: z.literal(true) }).loose();

/** Body of the error envelope: `code` is the HTTP status, `message` the symbolic code. */
export const apiErrorBodySchema = z
  .object({
    code: z.number({ error: 'expected the HTTP status as a number' }).int(),
    message: z.string({ error: 'expected the symbolic error code as a string' }),
    description: z.string().optional(),
  })
  .loose();

/** `{ success: false, error: { code: <status>, message: <SYMBOLIC_CODE>, description? } }`. */
export const errorEnvelopeSchema = z.object({ success: z.literal(false), error: apiErrorBodySchema }).loose();

/** Either a success envelope with `data` of the given schema or an error envelope. */
export function apiResponse<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('success', [successEnvelope(data), errorEnvelopeSchema]);
}
