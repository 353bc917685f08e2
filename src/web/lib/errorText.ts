// An error code as a sentence in the user's language; the code itself is shown apart, in small print.
import { describeCode } from '../../core/errors.js';
import type { Language } from '../store/prefs.js';
import { DICTIONARIES } from './i18n/index.js';

/**
 * Korean: the dictionary's sentence for the code (the exchange's own English description is only the
 * fallback). English: the server's description when it sent one (often more precise), else the
 * dictionary's.
 */
export function errorSentence(lang: Language, code: string, serverDescription?: string): string {
  const known = DICTIONARIES[lang][`err.${code}`];
  if (lang === 'en' && serverDescription) return serverDescription;
  return known ?? serverDescription ?? describeCode(code);
}
