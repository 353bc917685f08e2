// Portfolio summary: total value, KRW cash, cost, unrealized P&L and return.
import { isNegative, isPositive } from '../../core/decimal.js';
import { formatKrw, formatPercent } from '../lib/format.js';
import { useT } from '../lib/i18n.js';
import type { Valuation } from '../lib/valuation.js';

export function signTone(v: string | null | undefined): string {
  if (!v) return 'text-fg';
  if (isPositive(v)) return 'text-up';
  if (isNegative(v)) return 'text-down';
  return 'text-fg';
}

function Stat(props: { label: string; value: string; unit?: string; tone?: string; testId?: string }) {
  return (
    <div className="flex min-w-40 flex-col gap-0.5 px-4 py-2">
      <span className="text-[11px] text-dim">{props.label}</span>
      <span className={`num text-[16px] font-semibold ${props.tone ?? 'text-fg'}`} data-testid={props.testId}>
        {props.value}
        {props.unit && <span className="ml-1 text-[11px] font-normal text-dim">{props.unit}</span>}
      </span>
    </div>
  );
}

export function SummaryStrip(props: { valuation: Valuation | null }) {
  const t = useT();
  const v = props.valuation;
  return (
    <div
      className="flex flex-wrap divide-x divide-line border-b border-line bg-panel"
      data-testid="asset-summary"
    >
      <Stat label={t('acc.total')} value={v ? formatKrw(v.totalKrw) : '-'} unit="KRW" testId="total-krw" />
      <Stat label={t('acc.cash')} value={v ? formatKrw(v.cashKrw) : '-'} unit="KRW" testId="cash-krw" />
      <Stat label={t('acc.totalCost')} value={v ? formatKrw(v.totalCost) : '-'} unit="KRW" />
      <Stat
        label={t('acc.pnl')}
        value={v?.totalReturnPct ? formatKrw(v.totalPnl) : '-'}
        unit="KRW"
        tone={signTone(v?.totalPnl)}
        testId="total-pnl"
      />
      <Stat
        label={t('acc.return')}
        value={v ? formatPercent(v.totalReturnPct) : '-'}
        tone={signTone(v?.totalReturnPct)}
      />
    </div>
  );
}
