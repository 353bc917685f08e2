// Delivery switches for price alerts (toast, sound, browser notification); in Settings and the alerts panel.
import { useState } from 'react';
import { useT } from '../../lib/i18n.js';
import { askNotifyPermission, type NotifyPermission, notifyPermission, useAlertPrefs } from './alertPrefs.js';

type Key = 'toast' | 'sound' | 'notify';
const KEYS: Key[] = ['toast', 'sound', 'notify'];
const LABEL: Record<Key, string> = {
  toast: 'pref.alertToast',
  sound: 'pref.alertSound',
  notify: 'pref.alertNotify',
};

export function AlertPrefs({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const p = useAlertPrefs();
  const [perm, setPerm] = useState<NotifyPermission>(notifyPermission);
  const blocked = p.notify && (perm === 'denied' || perm === 'unsupported');
  const toggle = async (k: Key, on: boolean) => {
    p.set({ [k]: on });
    if (k === 'notify' && on) setPerm(await askNotifyPermission()); // asked only on this click
  };
  return (
    <div className={`flex items-center ${compact ? 'gap-2 text-[11px]' : 'gap-3'}`} data-testid="pref-alerts">
      {!compact && <span className="w-24 text-dim">{t('pref.alerts')}</span>}
      <div className="flex flex-wrap items-center gap-2">
        {KEYS.map((k) => (
          <label
            key={k}
            className={`flex items-center gap-1.5 rounded border border-line bg-panel2 px-2 ${compact ? 'h-6' : 'h-7'}`}
          >
            <input
              type="checkbox"
              checked={p[k]}
              onChange={(e) => void toggle(k, e.target.checked)}
              data-testid={`pref-alert-${k}`}
            />
            {t(LABEL[k])}
          </label>
        ))}
        {blocked && (
          <span className="text-warn" data-testid="pref-alert-notify-blocked">
            {t(perm === 'unsupported' ? 'pref.alertNotify.unsupported' : 'pref.alertNotify.denied')}
          </span>
        )}
      </div>
    </div>
  );
}
