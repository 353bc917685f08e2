/// <reference path="./virtual.d.ts" />
// The dictionaries. Each area file in this folder (trading.ts, common.ts, account.ts, ...) exports `default`
// (or `dict`) as `{ ko: {...}, en: {...} }`; new files are picked up automatically, so areas owned by
// different engineers never have to edit this index. scripts/i18nSplit.ts merges them per language at build
// time: Korean (the default) ships with the first load, English loads on demand (issue 12, initial JS).
import eager from 'virtual:kapi-i18n/eager';

export type Dict = Record<string, string>;
export interface AreaDict {
  ko: Dict;
  en: Dict;
}
export type DictLanguage = 'ko' | 'en';

export const DICTIONARIES: { ko: Dict; en: Dict } = { ko: eager.ko, en: eager.en ?? {} };

const loaded = new Set<DictLanguage>(eager.en ? ['ko', 'en'] : ['ko']);
const listeners = new Set<() => void>();
let enLoading: Promise<void> | null = null;

/** Whether a language's strings are here (Korean always is). */
export function isLanguageLoaded(lang: DictLanguage): boolean {
  return loaded.has(lang);
}

/** Fetches a language's strings once; a failed fetch is tried again on the next call. */
export function loadLanguage(lang: DictLanguage): Promise<void> {
  if (loaded.has(lang)) return Promise.resolve();
  enLoading ??= import('virtual:kapi-i18n/en').then(
    (m) => {
      Object.assign(DICTIONARIES.en, m.default);
      loaded.add('en');
      for (const l of listeners) l();
    },
    (e: unknown) => {
      enLoading = null;
      throw e;
    },
  );
  return enLoading;
}

/** Called once a language has loaded (for useSyncExternalStore). */
export function subscribeDictionaries(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
