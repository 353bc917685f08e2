import { describe, expect, it } from 'vitest';
import { ApiError, describeCode, errorEnvelope, isKnownErrorCode, toApiError } from './errors.js';

describe('errors', () => {
  it('builds the documented error envelope', () => {
    expect(errorEnvelope({ status: 400, code: 'EXCEED_TIME_WINDOW' })).toEqual({
      success: false,
      error: { code: 400, message: 'EXCEED_TIME_WINDOW' },
    });
    expect(
      errorEnvelope({ status: 400, code: 'BAD_REQUEST', description: 'qty missing' }).error.description,
    ).toBe('qty missing');
  });
  it('turns an envelope into a typed error with a human sentence', () => {
    const e = toApiError({ success: false, error: { code: 400, message: 'ORDER_VALUE_TOO_SMALL' } });
    expect(e).toBeInstanceOf(ApiError);
    expect(e.code).toBe('ORDER_VALUE_TOO_SMALL');
    expect(e.status).toBe(400);
    expect(e.description).toMatch(/minimum/);
  });
  it('keeps unknown codes from a newer server', () => {
    const e = toApiError({ success: false, error: { code: 418, message: 'NEW_THING', description: 'x' } });
    expect(e.code).toBe('NEW_THING');
    expect(isKnownErrorCode('NEW_THING')).toBe(false);
    expect(describeCode('NEW_THING')).toMatch(/NEW_THING/);
  });
  it('maps transport failures and junk bodies', () => {
    expect(toApiError(new TypeError('fetch failed')).code).toBe('NETWORK_ERROR');
    const abort = new Error('aborted');
    abort.name = 'AbortError';
    expect(toApiError(abort).code).toBe('TIMEOUT');
    expect(toApiError('<html>', 502).code).toBe('UPSTREAM_INVALID_RESPONSE');
    expect(toApiError(null, 429).code).toBe('TOO_MANY_REQUESTS');
    expect(toApiError({ success: false, error: {} }).code).toBe('UNKNOWN_ERROR');
  });
  it('has a sentence for every known code', () => {
    for (const code of ['KEY_NOT_FOUND', 'INVALID_SIGNATURE', 'UPSTREAM_TIMEOUT', 'QUEUE_FULL']) {
      expect(describeCode(code).length).toBeGreaterThan(10);
    }
  });
});
