// Display preferences: theme, up/down colors, language, time zone (zustand, localStorage; no secrets).
import { Panel } from '../../components/index.js';
import { useT } from '../../lib/i18n.js';
import { usePrefs } from '../../store/prefs.js';
import { AlertPrefs } from '../alerts/index.js';
import { FillAlertPrefs } from './FillAlertPrefs.js';

function Segmented<V extends string>(props: {
  label: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (v: V) => void;
  testId?: string;
}) {
  return (
    <div className="flex items-center gap-3">
      <span className="w-24 text-dim">{props.label}</span>
      <div className="flex overflow-hidden rounded border border-line" data-testid={props.testId}>
        {props.options.map((o) => (
          <button
            key={o.value}
            type="button"
            aria-pressed={props.value === o.value}
            onClick={() => props.onChange(o.value)}
            className={`h-7 px-3 text-[12px] ${props.value === o.value ? 'bg-accent text-white' : 'bg-panel2 text-dim hover:text-fg'}`}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}

export function DisplayPanel() {
  const t = useT();
  const p = usePrefs();
  return (
    <Panel title={t('acc.set.display')} testId="display-prefs">
      <div className="flex flex-col gap-3 p-3 text-[12px]">
        <Segmented
          label={t('pref.theme')}
          value={p.theme}
          options={[
            { value: 'dark', label: t('pref.dark') },
            { value: 'light', label: t('pref.light') },
          ]}
          onChange={(theme) => p.set({ theme })}
        />
        <Segmented
          label={t('pref.colors')}
          value={p.colorScheme}
          options={[
            { value: 'krw', label: t('pref.colorsKrw') },
            { value: 'western', label: t('pref.colorsWestern') },
          ]}
          onChange={(colorScheme) => p.set({ colorScheme })}
        />
        <div className="flex items-center gap-3 pl-27 text-[11px]">
          <span className="text-up">▲ +1.25%</span>
          <span className="text-down">▼ -0.80%</span>
        </div>
        <Segmented
          label={t('pref.language')}
          value={p.language}
          options={[
            { value: 'ko', label: '한국어' },
            { value: 'en', label: 'English' },
          ]}
          onChange={(language) => p.set({ language })}
          testId="pref-language"
        />
        <Segmented
          label={t('pref.timezone')}
          value={p.timezone}
          options={[
            { value: 'kst', label: `${t('pref.kst')} (UTC+9)` },
            { value: 'local', label: t('pref.local') },
          ]}
          onChange={(timezone) => p.set({ timezone })}
        />
        <FillAlertPrefs />
        <AlertPrefs />
      </div>
    </Panel>
  );
}
