/**
 * Shared building blocks for every record schema: decimal strings, timestamps, symbols,
 * account numbers and the REST envelopes (spec 2.1, api-facts "Envelope and errors").
 *
 * Runtime-neutral: no DOM, no Node APIs.
 */
import { en } from 'zod/locales';
import { z } from 'zod/mini';

// zod/mini (a fraction of classic zod's size in the first load) leaves its messages to a locale; the
// English one gives the readable "expected string, received number" the record errors quote.
z.config(en());

/** Longest decimal string accepted (sign, digits and point included). */
export const MAX_DECIMAL_LENGTH = 64;

/** Plain decimal: optional minus, digits, optional fraction. No exponent, no `+`, no bare `.5` or `5.`. */
export const DECIMAL_RE = /^-?\d+(\.\d+)?$/;
/** Plain non-negative decimal (no sign at all). */
export const UNSIGNED_DECIMAL_RE = /^\d+(\.\d+)?$/;
/** Trading pair symbol: `<base>_<quote>`, lowercase. */
export const SYMBOL_RE = /^[a-z0-9]+_[a-z0-9]+$/;

/** A decimal number carried as a plain string, possibly negative (e.g. priceChange). */
export const decimalSchema = z.string({ error: 'expected a decimal string such as "123.45"' }).check(
  z.maxLength(MAX_DECIMAL_LENGTH, {
    error: `expected a decimal string of at most ${MAX_DECIMAL_LENGTH} characters`,
  }),
  z.regex(DECIMAL_RE, { error: 'expected a plain decimal string such as "123.45" (no exponent, no "+")' }),
);

/** A decimal string that may not be negative (prices, quantities, balances). */
export const unsignedDecimalSchema = z.string({ error: 'expected a decimal string such as "123.45"' }).check(
  z.maxLength(MAX_DECIMAL_LENGTH, {
    error: `expected a decimal string of at most ${MAX_DECIMAL_LENGTH} characters`,
  }),
  z.regex(UNSIGNED_DECIMAL_RE, {
    error: 'expected a plain non-negative decimal string such as "123.45" (no sign, no exponent)',
  }),
);

/** UNIX timestamp in milliseconds, carried as a number. */
export const timestampSchema = z
  .number({ error: 'expected a timestamp in milliseconds (number)' })
  .check(
    z.int({ error: 'expected a timestamp in milliseconds (integer)' }),
    z.nonnegative({ error: 'expected a timestamp in milliseconds (not negative)' }),
  );

/** Trading pair symbol, e.g. `btc_krw`. */
export const symbolSchema = z
  .string({ error: 'expected a pair symbol such as "btc_krw"' })
  .check(z.regex(SYMBOL_RE, { error: 'expected a lowercase pair symbol such as "btc_krw"' }));

/** Account sequence number: 1 is the main account, every other positive integer a sub-account. */
export const accountSeqSchema = z
  .number({ error: 'expected an account sequence number (integer)' })
  .check(
    z.int({ error: 'expected an account sequence number (integer)' }),
    z.positive({ error: 'expected an account sequence number (1 or more)' }),
  );

/** Server-generated numeric id (orderId, tradeId, ...). */
export const idSchema = z
  .number({ error: 'expected a numeric id' })
  .check(z.int({ error: 'expected an integer id' }), z.nonnegative({ error: 'expected a non-negative id' }));

/** Currency code as the API writes it (lowercase, e.g. `btc`, `krw`). */
export const currencyCodeSchema = z
  .string({ error: 'expected a currency code such as "btc"' })
  .check(z.minLength(1, { error: 'expected a non-empty currency code' }));

/** Launch status shared by trading pairs and currency networks. */
export const launchStatusSchema = z.enum(['launched', 'stopped'], {
  error: 'expected "launched" or "stopped"',
});

/** `{ success: true, data: <payload> }` (spec 2.1). Unknown top-level fields are kept. */
export function successEnvelope<T extends z.ZodMiniType>(data: T) {
  return z.looseObject({ success: z.literal(true), data });
}

/** Bare acknowledgement `{ success: true }` (e.g. a cancel). */
export const ackSchema = z.looseObject({ success: z.literal(true) });

/** Body of the error envelope: `code` is the HTTP status, `message` the symbolic code. */
export const apiErrorBodySchema = z.looseObject({
  code: z.number({ error: 'expected the HTTP status as a number' }).check(z.int()),
  message: z.string({ error: 'expected the symbolic error code as a string' }),
  description: z.optional(z.string()),
});

/** `{ success: false, error: { code: <status>, message: <SYMBOLIC_CODE>, description? } }`. */
export const errorEnvelopeSchema = z.looseObject({ success: z.literal(false), error: apiErrorBodySchema });

/** Either a success envelope with `data` of the given schema or an error envelope. */
export function apiResponse<T extends z.ZodMiniType>(data: T) {
  return z.discriminatedUnion('success', [successEnvelope(data), errorEnvelopeSchema]);
}
