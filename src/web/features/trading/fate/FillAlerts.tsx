// Fills of the active account, on every page: a toast, an optional beep and the count in the tab title,
// each switchable in Settings. Hears the account stream's new fills (each fill once, whether the myTrade
// stream or a gap backfill brought it), summed per order within a batch.
import { useEffect } from 'react';
import { useNewFills } from '../../../lib/account-stream/index.js';
import { formatNumber } from '../../../lib/format.js';
import { translate } from '../../../lib/i18n.js';
import { useActiveAccountSeq, useActiveProfileId } from '../../../lib/session.js';
import { playTones } from '../../../lib/sound.js';
import { getPrefs } from '../../../store/prefs.js';
import { pushToast } from '../../../store/toasts.js';
import { summarizeFills, titleWithFills } from './fillMath.js';
import { resumeUncertain } from './tracker.js';

let unseen = 0;

/** A fill: one short sine beep. */
const beep = () => playTones([{ freq: 880, at: 0, length: 0.2, wave: 'sine', volume: 0.08 }]);

function setTitleCount(n: number) {
  unseen = n;
  document.title = titleWithFills(document.title, n, translate(getPrefs().language, 'fill.titleLabel'));
}

export function FillAlerts() {
  const profileId = useActiveProfileId();
  const accountSeq = useActiveAccountSeq();

  // Orders still uncertain when the page was reloaded are looked up again.
  useEffect(resumeUncertain, []);

  useEffect(() => {
    const clear = () => {
      if (unseen > 0 && document.visibilityState === 'visible') setTitleCount(0);
    };
    window.addEventListener('focus', clear);
    document.addEventListener('visibilitychange', clear);
    return () => {
      window.removeEventListener('focus', clear);
      document.removeEventListener('visibilitychange', clear);
    };
  }, []);

  useNewFills(profileId, accountSeq, (rows) => {
    const prefs = getPrefs();
    const lang = prefs.language;
    const fills = summarizeFills(rows, '');
    if (!fills.length) return;
    for (const s of fills) {
      if (!prefs.fillToast) continue;
      const pair = s.symbol.replace('_', '/').toUpperCase();
      pushToast({
        key: `fill-${s.orderId}`,
        tone: 'ok',
        title: translate(lang, 'fill.title', { pair, side: translate(lang, `trade.${s.side}`) }),
        body: translate(lang, 'fill.body', {
          qty: formatNumber(s.qty, { dp: 8 }),
          base: s.symbol.split('_')[0]?.toUpperCase() ?? '',
          price: formatNumber(s.avgPrice),
          id: s.orderId,
        }),
        testId: 'toast-fill',
      });
    }
    if (prefs.fillSound) beep();
    const looking = document.visibilityState === 'visible' && document.hasFocus();
    if (prefs.fillTitle && !looking) setTitleCount(unseen + fills.length);
  });
  return null;
}
