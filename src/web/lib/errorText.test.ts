import { describe, expect, it } from 'vitest';
import { KNOWN_ERROR_CODES } from '../../core/errors.js';
import { errorSentence } from './errorText.js';
import { DICTIONARIES } from './i18n/index.js';

describe('errorSentence', () => {
  it('every known code has a Korean and an English sentence', () => {
    const missing = KNOWN_ERROR_CODES.filter(
      (c) => !DICTIONARIES.ko[`err.${c}`] || !DICTIONARIES.en[`err.${c}`],
    );
    expect(missing).toEqual([]);
  });

  it('Korean uses the dictionary, never the raw English description', () => {
    expect(errorSentence('ko', 'NETWORK_ERROR', 'The network request failed. (fetch failed)')).toBe(
      '네트워크 요청이 실패했습니다.',
    );
    expect(errorSentence('ko', 'KEY_NOT_FOUND')).toBe('등록되지 않은 API 키입니다.');
  });

  it("English prefers the server's own description, then the dictionary", () => {
    expect(errorSentence('en', 'BAD_REQUEST', 'qty may have at most 8 decimals.')).toBe(
      'qty may have at most 8 decimals.',
    );
    expect(errorSentence('en', 'NO_BALANCE')).toBe('Insufficient balance.');
  });

  it('an unknown code still gets a sentence', () => {
    expect(errorSentence('ko', 'SOMETHING_NEW', 'Something new happened.')).toBe('Something new happened.');
    expect(errorSentence('en', 'SOMETHING_NEW')).toContain('SOMETHING_NEW');
  });
});
