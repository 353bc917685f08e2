import { useT } from '../../lib/i18n.js';
import { usePrefs } from '../../store/prefs.js';

const btn = 'h-6 rounded border border-line px-1.5 text-[11px] text-dim hover:text-fg';

/** Quick toggles: theme, up/down colors, language, time zone. */
export function PrefToggles() {
  const t = useT();
  const p = usePrefs();
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        className={btn}
        title={t('pref.theme')}
        data-testid="toggle-theme"
        onClick={() => p.set({ theme: p.theme === 'dark' ? 'light' : 'dark' })}
      >
        {p.theme === 'dark' ? '☾' : '☀'}
      </button>
      <button
        type="button"
        className={btn}
        title={t('pref.colors')}
        onClick={() => p.set({ colorScheme: p.colorScheme === 'krw' ? 'western' : 'krw' })}
      >
        <span className="text-up">▲</span>
        <span className="text-down">▼</span>
      </button>
      <button
        type="button"
        className={btn}
        title={t('pref.language')}
        data-testid="toggle-lang"
        onClick={() => p.set({ language: p.language === 'ko' ? 'en' : 'ko' })}
      >
        {p.language === 'ko' ? '한' : 'EN'}
      </button>
      <button
        type="button"
        className={btn}
        title={t('pref.timezone')}
        onClick={() => p.set({ timezone: p.timezone === 'kst' ? 'local' : 'kst' })}
      >
        {p.timezone === 'kst' ? t('pref.kst') : t('pref.local')}
      </button>
    </div>
  );
}
