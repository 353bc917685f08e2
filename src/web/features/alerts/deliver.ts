// Telling the user an alert fired: a toast, an optional chime, a browser notification when permitted.
import { formatNumber, formatShortDateTime } from '../../lib/format.js';
import { translate } from '../../lib/i18n.js';
import { playTones } from '../../lib/sound.js';
import { getPrefs } from '../../store/prefs.js';
import { pushToast } from '../../store/toasts.js';
import { useAlertPrefs } from './alertPrefs.js';
import type { AlertEventView } from './api.js';
import { describeCondition } from './describe.js';
import { marketLabel } from './pairName.js';

/** An alert: two rising triangle tones, distinct from the fill beep. */
const chime = () =>
  playTones([
    { freq: 660, at: 0, length: 0.24, wave: 'triangle', volume: 0.09 },
    { freq: 990, at: 0.16, length: 0.24, wave: 'triangle', volume: 0.09 },
  ]);

function texts(e: AlertEventView, away: boolean) {
  const prefs = getPrefs();
  const t = (k: string, v?: Record<string, string | number>) => translate(prefs.language, k, v);
  const time = formatShortDateTime(e.at, prefs.timezone);
  const title = t('alerts.fired.title', { pair: marketLabel(e.symbol, prefs.language) });
  const main =
    e.condition.type === 'move' && e.from && e.changePct
      ? t('alerts.fired.move', {
          from: formatNumber(e.from),
          pct: e.changePct,
          price: formatNumber(e.price),
          time,
        })
      : // seen in candles over trades never received one by one (a long gap): no trade price to tell
        t(e.bars ? 'alerts.fired.bars' : 'alerts.fired.body', {
          what: describeCondition(t, e.condition),
          price: formatNumber(e.price),
          n: e.bars ?? '',
          time,
        });
  const extra = [e.note, away ? t('alerts.fired.away') : ''].filter(Boolean).join(' · ');
  return { title, body: extra ? `${main} · ${extra}` : main, t };
}

function notify(title: string, body: string, tag: string): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(title, { body, tag });
  } catch {
    /* some browsers allow notifications only from a service worker: the toast tells */
  }
}

const TOLD_KEY = 'kapi-alerts-told';

/**
 * Several open tabs all poll and toast; the sound and the system notification come from the first tab
 * only (the newest event id told, in localStorage; an old mark from an earlier proxy run is ignored).
 */
function firstToTell(events: readonly AlertEventView[]): boolean {
  const newest = Math.max(...events.map((e) => e.id));
  try {
    const mark = JSON.parse(localStorage.getItem(TOLD_KEY) ?? 'null') as { id?: number; at?: number } | null;
    if (mark && typeof mark.id === 'number' && mark.id >= newest && Date.now() - (mark.at ?? 0) < 60_000)
      return false;
    localStorage.setItem(TOLD_KEY, JSON.stringify({ id: newest, at: Date.now() }));
  } catch {
    /* storage unavailable: every tab tells */
  }
  return true;
}

/** Delivers firings; `away` marks the ones that fired while no tab was open (shown once on the next open). */
export function deliverAlerts(events: readonly AlertEventView[], away = false): void {
  if (events.length === 0) return;
  const p = useAlertPrefs.getState();
  const first = firstToTell(events);
  const shown = away && events.length > 3 ? events.slice(-3) : events;
  for (const e of shown) {
    const { title, body } = texts(e, away);
    if (p.toast)
      pushToast({
        tone: 'warn',
        title,
        body,
        ttlMs: away ? 0 : 15_000,
        key: `alert-${e.id}`,
        testId: 'alert-toast',
      });
    if (p.notify && first) notify(title, body, `alert-${e.id}`);
  }
  if (shown.length < events.length && p.toast) {
    const { t } = texts(events[0]!, away);
    pushToast({
      tone: 'info',
      title: t('alerts.fired.many', { n: events.length }),
      ttlMs: 0,
      testId: 'alert-toast-many',
    });
  }
  if (p.sound && first) chime();
}
