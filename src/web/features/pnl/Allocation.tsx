// Allocation at the period's end: one stacked bar (SVG-free, CSS widths) and a legend with value and
// share; colours from a fixed palette so they never read as up or down.
import { useMemo } from 'react';
import type { AssetPnl } from '../../../core/pnl/types.js';
import { formatKrw, formatNumber } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { usePrefs } from '../../store/prefs.js';
import { allocationSlices } from './chartData.js';
import { shortKrw } from './view.js';

const PALETTE = ['#4c8dff', '#a78bfa', '#2dd4bf', '#f0b429', '#f472b6', '#94a3b8', '#64748b', '#cbd5e1'];

export function Allocation(props: { perAsset: readonly AssetPnl[]; endEquityKrw: string }) {
  const t = useT();
  const lang = usePrefs((s) => s.language);
  const slices = useMemo(
    () => allocationSlices(props.perAsset, props.endEquityKrw),
    [props.perAsset, props.endEquityKrw],
  );
  const name = (k: string) => (k === 'krw' ? 'KRW' : k === 'other' ? t('pnl.other') : k.toUpperCase());
  if (slices.length === 0) return <div className="p-2 text-[11px] text-dim">{t('pnl.none')}</div>;
  return (
    <div className="flex flex-col gap-1.5 p-2" data-testid="pnl-allocation">
      <div className="flex h-3 w-full overflow-hidden rounded-sm bg-panel2" aria-hidden>
        {slices.map((s, i) => (
          <span key={s.key} style={{ width: `${s.pct}%`, background: PALETTE[i % PALETTE.length] }} />
        ))}
      </div>
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(165px,1fr))] gap-x-3 gap-y-0.5 text-[11px]">
        {slices.map((s, i) => (
          <li key={s.key} className="flex items-center gap-1.5" data-testid="alloc-slice" data-key={s.key}>
            <span
              className="h-2 w-2 shrink-0 rounded-sm"
              style={{ background: PALETTE[i % PALETTE.length] }}
            />
            <span className="w-10 shrink-0 font-semibold">{name(s.key)}</span>
            <span className="num ml-auto whitespace-nowrap text-dim" title={`${formatKrw(s.valueKrw)} KRW`}>
              {shortKrw(s.valueKrw, lang, false)}
            </span>
            <span className="num w-11 text-right">{formatNumber(s.pct, { dp: 1, minDp: 1 })}%</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
