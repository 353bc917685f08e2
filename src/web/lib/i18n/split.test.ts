import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaFiles, mergeAreas } from '../../../../scripts/i18nSplit.js';
import { DICTIONARIES, isLanguageLoaded, loadLanguage } from './index.js';

describe('dictionaries split by language (scripts/i18nSplit.ts)', () => {
  it('Korean falls back to English per key; a later area wins on a repeated key', () => {
    const m = mergeAreas([
      { ko: { a: '가', b: '나' }, en: { a: 'A', b: 'B', onlyEn: 'E' } },
      { ko: { b: '다' }, en: { b: 'B2' } },
    ]);
    expect(m.ko).toEqual({ a: '가', b: '다', onlyEn: 'E' });
    expect(m.en).toEqual({ a: 'A', b: 'B2', onlyEn: 'E' });
  });

  it('reads every area file of the folder, not the index, tests or declarations', () => {
    const names = areaFiles(resolve('src/web/lib/i18n')).map((f) => f.split(/[\\/]/).pop());
    expect(names).toContain('trading.ts');
    expect(names).toContain('common.ts');
    expect(names.some((n) => n === 'index.ts' || n?.endsWith('.test.ts') || n?.endsWith('.d.ts'))).toBe(
      false,
    );
  });

  it('the merged dictionaries carry every area in both languages', async () => {
    await loadLanguage('en');
    expect(isLanguageLoaded('en')).toBe(true);
    expect(DICTIONARIES.ko['trade.buy']).toBe('매수');
    expect(DICTIONARIES.en['trade.buy']).toBe('Buy');
    // every English key has a Korean word or the English fallback
    const missing = Object.keys(DICTIONARIES.en).filter((k) => DICTIONARIES.ko[k] === undefined);
    expect(missing).toEqual([]);
  });
});
