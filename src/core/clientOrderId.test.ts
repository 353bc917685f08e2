import { describe, expect, it } from 'vitest';
import { CLIENT_ORDER_ID_RE, derivedClientOrderId, newClientOrderId } from './clientOrderId.js';

describe('clientOrderId', () => {
  it('mints ids in the exchange format, named for who minted them, never twice', () => {
    const at = Date.UTC(2026, 0, 1);
    const ids = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const id = newClientOrderId(i % 2 ? 'kp' : 'web', at);
      expect(id).toMatch(CLIENT_ORDER_ID_RE);
      expect(id).toMatch(new RegExp(`^(kp|web)-${at.toString(36)}-[0-9a-f]{12}$`));
      ids.add(id);
    }
    expect(ids.size).toBe(200);
  });

  it('the format accepts 1-36 of 0-9 a-z A-Z . : _ - only', () => {
    expect(CLIENT_ORDER_ID_RE.test('a')).toBe(true);
    expect(CLIENT_ORDER_ID_RE.test('A.b:c_d-9')).toBe(true);
    expect(CLIENT_ORDER_ID_RE.test('x'.repeat(36))).toBe(true);
    expect(CLIENT_ORDER_ID_RE.test('x'.repeat(37))).toBe(false);
    expect(CLIENT_ORDER_ID_RE.test('')).toBe(false);
    expect(CLIENT_ORDER_ID_RE.test('a b')).toBe(false);
  });

  it('derives a conditional step id, the same every time and in the format', () => {
    expect(derivedClientOrderId('m1abc', 'entry')).toBe('kc-m1abc-e');
    expect(derivedClientOrderId('m1abc', 'resting')).toBe('kc-m1abc-r');
    expect(derivedClientOrderId('m1abc', 'leg2')).toBe('kc-m1abc-t2');
    expect(derivedClientOrderId('m1abc', 'leg2')).toMatch(CLIENT_ORDER_ID_RE);
  });
});
