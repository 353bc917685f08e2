// Settings: fill alerts (toast, sound, tab title), each on or off; stored with the display preferences.
import { useT } from '../../lib/i18n.js';
import { type PrefsState, usePrefs } from '../../store/prefs.js';

type Key = keyof Pick<PrefsState, 'fillToast' | 'fillSound' | 'fillTitle'>;
const KEYS: Key[] = ['fillToast', 'fillSound', 'fillTitle'];

export function FillAlertPrefs() {
  const t = useT();
  const p = usePrefs();
  return (
    <div className="flex items-center gap-3" data-testid="pref-fills">
      <span className="w-24 text-dim">{t('pref.fills')}</span>
      <div className="flex flex-wrap gap-2">
        {KEYS.map((k) => (
          <label key={k} className="flex h-7 items-center gap-1.5 rounded border border-line bg-panel2 px-2">
            <input
              type="checkbox"
              checked={p[k]}
              onChange={(e) => p.set({ [k]: e.target.checked })}
              data-testid={`pref-${k}`}
            />
            {t(`pref.${k}`)}
          </label>
        ))}
      </div>
    </div>
  );
}
