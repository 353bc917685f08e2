// Settings: the pre-trade check's thresholds (percent) and whether a warning blocks confirming
// (issue 22 item 3). Stored with the display preferences; an empty box turns that check off.
import { useState } from 'react';
import { Panel } from '../../components/index.js';
import { useT } from '../../lib/i18n.js';
import { type PrefsState, usePrefs } from '../../store/prefs.js';

type Key = keyof Pick<
  PrefsState,
  'ptSlippagePct' | 'ptFatFingerPct' | 'ptDepthSharePct' | 'ptEquitySharePct'
>;
const ROWS: { key: Key; label: string; id: string }[] = [
  { key: 'ptSlippagePct', label: 'pt.set.slippage', id: 'slippage' },
  { key: 'ptFatFingerPct', label: 'pt.set.fatFinger', id: 'fatfinger' },
  { key: 'ptDepthSharePct', label: 'pt.set.depth', id: 'depth' },
  { key: 'ptEquitySharePct', label: 'pt.set.equity', id: 'equity' },
];

/** A percentage above 0 and at most 1000 with up to 2 decimals, or empty (check off). */
export const validPct = (v: string) =>
  v === '' || (/^\d{1,4}(\.\d{1,2})?$/.test(v) && Number(v) > 0 && Number(v) <= 1000);

function PctInput(props: { k: Key; label: string; id: string }) {
  const t = useT();
  const stored = usePrefs((s) => s[props.k]);
  const set = usePrefs((s) => s.set);
  const [text, setText] = useState(stored);
  const ok = validPct(text);
  return (
    <label className="flex items-center gap-3">
      <span className="w-40 text-dim">{t(props.label)}</span>
      <input
        className={`num h-7 w-20 rounded border bg-panel2 px-2 text-right ${ok ? 'border-line' : 'border-danger'}`}
        inputMode="decimal"
        value={text}
        aria-invalid={!ok}
        data-testid={`pref-pt-${props.id}`}
        onChange={(e) => {
          const v = e.target.value.trim();
          setText(v);
          if (validPct(v)) set({ [props.k]: v });
        }}
      />
      <span className="text-dim">%</span>
    </label>
  );
}

export function PreTradePrefs() {
  const t = useT();
  const block = usePrefs((s) => s.ptBlock);
  const set = usePrefs((s) => s.set);
  return (
    <Panel title={t('pt.title')} testId="pretrade-prefs">
      <div className="flex flex-col gap-2 p-3 text-[12px]">
        {ROWS.map((r) => (
          <PctInput key={r.key} k={r.key} label={r.label} id={r.id} />
        ))}
        <label className="flex h-7 items-center gap-1.5">
          <input
            type="checkbox"
            checked={block}
            onChange={(e) => set({ ptBlock: e.target.checked })}
            data-testid="pref-pt-block"
          />
          {t('pt.set.block')}
        </label>
        <p className="text-[11px] text-dim">{t('pt.set.note')}</p>
      </div>
    </Panel>
  );
}
