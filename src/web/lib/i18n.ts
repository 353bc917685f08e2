import { useCallback } from 'react';
import { usePrefs } from '../store/prefs.js';
import { DICTIONARIES } from './i18n/index.js';

export type Vars = Record<string, string | number>;

function interpolate(s: string, vars?: Vars): string {
  if (!vars) return s;
  return s.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

/** Translate outside React (e.g. in a store); falls back to English, then to the key itself. */
export function translate(lang: 'ko' | 'en', key: string, vars?: Vars): string {
  const s = DICTIONARIES[lang][key] ?? DICTIONARIES.en[key] ?? key;
  return interpolate(s, vars);
}

/** `const t = useT(); t('trade.buy')` — re-renders when the language changes. */
export function useT(): (key: string, vars?: Vars) => string {
  const lang = usePrefs((s) => s.language);
  return useCallback((key: string, vars?: Vars) => translate(lang, key, vars), [lang]);
}
