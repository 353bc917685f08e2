// Words for an alert condition and a firing, in the user's language (pure: takes the translator).
import type { AlertCondition } from '../../../core/alerts/types.js';
import { formatNumber } from '../../lib/format.js';

type T = (key: string, vars?: Record<string, string | number>) => string;

export function windowText(t: T, sec: number): string {
  const min = Math.round(sec / 60);
  return min >= 60 && min % 60 === 0
    ? t('alerts.window.hour', { n: min / 60 })
    : t('alerts.window.min', { n: min });
}

export function describeCondition(t: T, c: AlertCondition): string {
  if (c.type === 'above') return t('alerts.cond.above', { level: formatNumber(c.level) });
  if (c.type === 'below') return t('alerts.cond.below', { level: formatNumber(c.level) });
  return t(`alerts.cond.move.${c.direction}`, { pct: c.percent, window: windowText(t, c.windowSec) });
}

/** The line drawn on the chart for a level alert: direction arrow and the word. */
export function lineTitle(t: T, c: AlertCondition): string | null {
  if (c.type === 'move') return null;
  return `${t('alerts.line')} ${c.type === 'above' ? '▲' : '▼'}`;
}

/** The alert type a new level alert gets from where the price is now: above the last price watches upward. */
export function typeForLevel(level: string, last: string | undefined, gt: (a: string, b: string) => boolean) {
  if (!last) return 'above' as const;
  return gt(last, level) ? ('below' as const) : ('above' as const);
}
