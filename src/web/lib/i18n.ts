import { useCallback, useSyncExternalStore } from 'react';
import { type Language, usePrefs } from '../store/prefs.js';
import { DICTIONARIES, isLanguageLoaded, loadLanguage, subscribeDictionaries } from './i18n/index.js';

export type Vars = Record<string, string | number>;

function interpolate(s: string, vars?: Vars): string {
  if (!vars) return s;
  return s.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

/**
 * The language the words are shown in: the chosen one once its dictionary has loaded, Korean until then
 * (English loads on demand, so a switch to English takes effect when its strings are here).
 */
export function shownLanguage(lang: Language): Language {
  return isLanguageLoaded(lang) ? lang : 'ko';
}

/** Translate outside React (e.g. in a store); falls back to English, then to the key itself. */
export function translate(lang: Language, key: string, vars?: Vars): string {
  const s = DICTIONARIES[shownLanguage(lang)][key] ?? DICTIONARIES.en[key] ?? key;
  return interpolate(s, vars);
}

// Choosing a language fetches its dictionary; views re-render through useT once it is here.
const fetchChosen = (lang: Language) => {
  if (!isLanguageLoaded(lang)) loadLanguage(lang).catch(() => undefined);
};
fetchChosen(usePrefs.getState().language);
usePrefs.subscribe((s, prev) => {
  if (s.language !== prev.language) fetchChosen(s.language);
});

/** `const t = useT(); t('trade.buy')` — re-renders when the language changes (and once it has loaded). */
export function useT(): (key: string, vars?: Vars) => string {
  const chosen = usePrefs((s) => s.language);
  const lang = useSyncExternalStore(subscribeDictionaries, () => shownLanguage(chosen));
  return useCallback((key: string, vars?: Vars) => translate(lang, key, vars), [lang]);
}
