import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  accountSeqSchema,
  ackSchema,
  apiResponse,
  decimalSchema,
  errorEnvelopeSchema,
  formatPath,
  parseOrThrow,
  parseResult,
  SchemaError,
  successEnvelope,
  symbolSchema,
  tickerSchema,
  timestampSchema,
  unsignedDecimalSchema,
} from './index.js';

describe('decimal strings', () => {
  it('accepts plain decimals, including 30-digit ones', () => {
    for (const s of [
      '0',
      '0.0',
      '1',
      '123.45',
      '00.5',
      '140000000',
      '123456789012345678901234567890.123456789012345678901234567890'.slice(0, 64),
    ]) {
      expect(decimalSchema.safeParse(s).success, s).toBe(true);
      expect(unsignedDecimalSchema.safeParse(s).success, s).toBe(true);
    }
    expect(unsignedDecimalSchema.safeParse('123456789012345678901234567890').success).toBe(true);
  });

  it('rejects exponent notation', () => {
    for (const s of ['1e5', '1E5', '1.5e-7', '1e+5', '-2e3']) {
      expect(decimalSchema.safeParse(s).success, s).toBe(false);
      expect(unsignedDecimalSchema.safeParse(s).success, s).toBe(false);
    }
    expect(() => parseOrThrow(decimalSchema, '1e5', 'price')).toThrow(
      'Invalid price: at (root): expected a plain decimal string such as "123.45" (no exponent, no "+") (got string "1e5")',
    );
  });

  it('rejects numbers, empty strings, signs where not allowed and malformed forms', () => {
    for (const v of [
      1,
      1.5,
      '',
      ' 1',
      '1 ',
      '+1',
      '.5',
      '5.',
      '1,000',
      '0x10',
      'NaN',
      'Infinity',
      null,
      undefined,
    ]) {
      expect(decimalSchema.safeParse(v).success, String(v)).toBe(false);
    }
    expect(decimalSchema.safeParse('-1.5').success).toBe(true);
    expect(unsignedDecimalSchema.safeParse('-1.5').success).toBe(false);
    expect(unsignedDecimalSchema.safeParse('-0').success).toBe(false);
  });

  it('bounds the length', () => {
    expect(decimalSchema.safeParse('1'.repeat(64)).success).toBe(true);
    expect(decimalSchema.safeParse('1'.repeat(65)).success).toBe(false);
  });
});

describe('timestamps, symbols, account numbers', () => {
  it('timestamps are non-negative integer milliseconds', () => {
    expect(timestampSchema.safeParse(1_732_500_000_000).success).toBe(true);
    expect(timestampSchema.safeParse(0).success).toBe(true);
    for (const v of [-1, 1.5, '1732500000000', null])
      expect(timestampSchema.safeParse(v).success).toBe(false);
  });

  it('symbols are lowercase base_quote', () => {
    for (const s of ['btc_krw', 'eth_btc', '1inch_krw', 'usdt_krw'])
      expect(symbolSchema.safeParse(s).success).toBe(true);
    for (const s of ['BTC_KRW', 'btckrw', 'btc-krw', 'btc_krw_x', '_krw', 'btc_', '']) {
      expect(symbolSchema.safeParse(s).success, s).toBe(false);
    }
  });

  it('account sequence numbers are positive integers', () => {
    expect(accountSeqSchema.safeParse(1).success).toBe(true);
    for (const v of [0, -1, 1.5, '1']) expect(accountSeqSchema.safeParse(v).success).toBe(false);
  });
});

describe('envelopes', () => {
  const ticker = {
    symbol: 'btc_krw',
    open: '1',
    high: '1',
    low: '1',
    close: '1',
    prevClose: '1',
    priceChange: '0',
    priceChangePercent: '0',
    volume: '0',
    quoteVolume: '0',
    bestBidPrice: '1',
    bestAskPrice: '1',
    lastTradedAt: 1,
  };

  it('success envelope wraps data and keeps unknown top-level fields', () => {
    const schema = successEnvelope(z.array(tickerSchema));
    const parsed = schema.parse({ success: true, data: [ticker], traceId: 'x' });
    expect(parsed.data[0]?.symbol).toBe('btc_krw');
    expect((parsed as Record<string, unknown>).traceId).toBe('x');
    expect(schema.safeParse({ success: false, data: [ticker] }).success).toBe(false);
    expect(() => parseOrThrow(schema, { success: true, data: [{ ...ticker, close: 1 }] }, 'tickers')).toThrow(
      /^Invalid tickers: at data\[0\]\.close: expected .* \(got number 1\)$/,
    );
  });

  it('empty data arrays are valid (unknown symbol on /v2/tickers)', () => {
    expect(successEnvelope(z.array(tickerSchema)).safeParse({ success: true, data: [] }).success).toBe(true);
  });

  it('bare ack', () => {
    expect(ackSchema.safeParse({ success: true }).success).toBe(true);
    expect(ackSchema.safeParse({ success: false }).success).toBe(false);
  });

  it('error envelope: code is the HTTP status, message the symbolic code', () => {
    const body = { success: false, error: { code: 400, message: 'INVALID_CURRENCY_PAIR' } };
    expect(errorEnvelopeSchema.parse(body).error.message).toBe('INVALID_CURRENCY_PAIR');
    const withDesc = {
      success: false,
      error: { code: 429, message: 'TOO_MANY_REQUESTS', description: 'slow down', x: 1 },
    };
    expect(errorEnvelopeSchema.parse(withDesc).error).toEqual(withDesc.error);
    expect(
      errorEnvelopeSchema.safeParse({ success: false, error: { code: '400', message: 'X' } }).success,
    ).toBe(false);
    expect(errorEnvelopeSchema.safeParse({ success: false, error: { code: 400 } }).success).toBe(false);
  });

  it('apiResponse discriminates success and error', () => {
    const schema = apiResponse(z.object({ time: z.number() }));
    const ok = schema.parse({ success: true, data: { time: 5 } });
    expect(ok.success && ok.data.time).toBe(5);
    const err = schema.parse({ success: false, error: { code: 404, message: 'NOT_FOUND' } });
    expect(!err.success && err.error.message).toBe('NOT_FOUND');
    expect(schema.safeParse({ data: 1 }).success).toBe(false);
  });
});

describe('parseOrThrow and friends', () => {
  it('returns the parsed value', () => {
    expect(parseOrThrow(symbolSchema, 'btc_krw', 'symbol')).toBe('btc_krw');
  });

  it('throws SchemaError carrying what and issues', () => {
    try {
      parseOrThrow(z.object({ a: z.string(), b: z.number() }), { a: 1 }, 'thing');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SchemaError);
      const err = e as SchemaError;
      expect(err.what).toBe('thing');
      expect(err.issues).toHaveLength(2);
      expect(err.message).toContain('at a: ');
      expect(err.message).toContain('at b: ');
      expect(err.message).toContain('(got missing)');
    }
  });

  it('caps the number of reported issues', () => {
    const schema = z.array(z.string());
    const msg = parseResult(schema, [1, 2, 3, 4, 5, 6, 7], 'list');
    expect(msg.ok).toBe(false);
    if (!msg.ok) expect(msg.error.message).toMatch(/…and 2 more$/);
  });

  it('formats paths', () => {
    expect(formatPath([])).toBe('(root)');
    expect(formatPath(['data', 0, 'price'])).toBe('data[0].price');
    expect(formatPath(['a-b', 1])).toBe('["a-b"][1]');
  });

  it('parseResult returns ok for valid input', () => {
    expect(parseResult(symbolSchema, 'eth_krw', 'symbol')).toEqual({ ok: true, value: 'eth_krw' });
  });
});
