import { describe, expect, it } from 'vitest';
import { classifyHandshakeRefusal, isKeyProblemCode, refusalCode } from './streamRefusal.js';

describe('classifyHandshakeRefusal', () => {
  it('resyncs on EXCEED_TIME_WINDOW whatever the status', () => {
    expect(classifyHandshakeRefusal({ status: 400, code: 'EXCEED_TIME_WINDOW' })).toBe('timeWindow');
    expect(classifyHandshakeRefusal({ status: 401, code: 'EXCEED_TIME_WINDOW' })).toBe('timeWindow');
  });

  it('stops on a coded 4xx other than 429', () => {
    for (const [status, code] of [
      [401, 'KEY_EXPIRED'],
      [400, 'KEY_NOT_FOUND'],
      [401, 'KEY_DEACTIVATED'],
      [401, 'INVALID_SIGNATURE'],
      [403, 'IP_NOT_ALLOWED'],
      [403, 'PERMISSION_DENIED'],
      [404, 'NOT_FOUND'],
    ] as const) {
      expect(classifyHandshakeRefusal({ status, code }), code).toBe('stop');
    }
  });

  it('backs off on 429, 5xx and a 4xx without an envelope code (an intermediary)', () => {
    expect(classifyHandshakeRefusal({ status: 429, code: 'TOO_MANY_REQUESTS' })).toBe('backoff');
    expect(classifyHandshakeRefusal({ status: 503, code: 'SERVICE_UNAVAILABLE' })).toBe('backoff');
    expect(classifyHandshakeRefusal({ status: 502, code: null })).toBe('backoff');
    expect(classifyHandshakeRefusal({ status: 403, code: null })).toBe('backoff');
  });
});

describe('refusalCode', () => {
  it('reads error.message of the envelope', () => {
    expect(refusalCode('{"success":false,"error":{"code":401,"message":"KEY_EXPIRED"}}')).toBe('KEY_EXPIRED');
  });
  it('is null for anything else', () => {
    expect(refusalCode('<html>Forbidden</html>')).toBeNull();
    expect(refusalCode('')).toBeNull();
    expect(refusalCode('{"error":"KEY_EXPIRED"}')).toBeNull();
    expect(refusalCode('{"success":false,"error":{"message":"not a code"}}')).toBeNull();
    expect(refusalCode('null')).toBeNull();
  });
});

describe('isKeyProblemCode', () => {
  it('names the key problems and nothing else', () => {
    expect(isKeyProblemCode('KEY_EXPIRED')).toBe(true);
    expect(isKeyProblemCode('IP_NOT_ALLOWED')).toBe(true);
    expect(isKeyProblemCode('PERMISSION_DENIED')).toBe(true);
    expect(isKeyProblemCode('NO_BALANCE')).toBe(false);
    expect(isKeyProblemCode('EXCEED_TIME_WINDOW')).toBe(false);
    expect(isKeyProblemCode(null)).toBe(false);
  });
});
