import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../core/errors.js';
import { apiGet } from '../../lib/api.js';
import { errorSentence } from '../../lib/errorText.js';
import { shownLanguage } from '../../lib/i18n.js';
import { usePrefs } from '../../store/prefs.js';

/**
 * Whether the paper market's source answers: the paper sandbox refuses market reads with
 * PAPER_SOURCE_UNREACHABLE (or PAPER_MARKET_NOT_READY while loading) when it cannot mirror the
 * source; a cheap read of the pairs every 5 s tells it. null = fine.
 */
export function usePaperSourceProblem(on: boolean): { code: string; sentence: string } | null {
  const lang = shownLanguage(usePrefs((s) => s.language));
  const q = useQuery({
    queryKey: ['paper', 'sourceProbe'],
    queryFn: () => apiGet('/v2/currencyPairs'),
    enabled: on,
    refetchInterval: 5000,
    retry: false,
  });
  if (!on || !q.error) return null;
  const code = q.error instanceof ApiError ? q.error.code : 'PAPER_SOURCE_UNREACHABLE';
  if (code !== 'PAPER_SOURCE_UNREACHABLE' && code !== 'PAPER_MARKET_NOT_READY') return null;
  return { code, sentence: errorSentence(lang, code) };
}
