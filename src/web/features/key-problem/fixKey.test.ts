import { describe, expect, it } from 'vitest';
import { KEY_PROBLEM_CODES } from '../../../core/streamRefusal.js';
import keyProblem from '../../lib/i18n/keyProblem.js';
import { fixKey } from './KeyProblemNotice.js';

describe('key problem fixes', () => {
  it('every key-problem code has its own one-sentence fix in Korean and English; others the general one', () => {
    for (const code of KEY_PROBLEM_CODES) {
      expect(fixKey(code)).toBe(`keyProblem.fix.${code}`);
      for (const lang of ['ko', 'en'] as const)
        expect((keyProblem[lang] as Record<string, string>)[fixKey(code)], `${lang} ${code}`).toMatch(/\S/);
    }
    expect(fixKey('SOMETHING_ELSE')).toBe('keyProblem.fix.other');
    expect((keyProblem.en as Record<string, string>)['keyProblem.fix.other']).toMatch(/\S/);
  });
});
