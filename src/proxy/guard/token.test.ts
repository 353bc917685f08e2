import { describe, expect, it } from 'vitest';
import { newSessionToken, tokensEqual } from './token.js';

describe('tokensEqual', () => {
  const token = newSessionToken();

  it('accepts the same token only', () => {
    expect(tokensEqual(token, token)).toBe(true);
    expect(tokensEqual(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, token)).toBe(false);
  });

  it('refuses other lengths, multibyte look-alikes, empty and absent values without throwing', () => {
    expect(tokensEqual(token.slice(0, -1), token)).toBe(false);
    expect(tokensEqual(`${token}x`, token)).toBe(false);
    // same number of characters, more bytes: must not reach timingSafeEqual with unequal lengths
    expect(tokensEqual(`${token.slice(0, -1)}é`, token)).toBe(false);
    expect(tokensEqual('', token)).toBe(false);
    expect(tokensEqual(undefined, token)).toBe(false);
    expect(tokensEqual(null, token)).toBe(false);
    expect(tokensEqual('x'.repeat(600), token)).toBe(false);
  });

  it('follows a rotated token', () => {
    const next = newSessionToken();
    expect(tokensEqual(token, token)).toBe(true);
    expect(tokensEqual(token, next)).toBe(false);
    expect(tokensEqual(next, next)).toBe(true);
  });
});
