// The period's totals in one dense strip: P&L, the two returns (labelled), realized, unrealized change,
// fees, net flows, start and end value, and the number of fills. Uncertain totals carry the mark.
// Figures are never cut: on a narrow screen the strip wraps (the ledger's state goes to a second line).
import type { ReactNode } from 'react';
import { neg } from '../../../core/decimal.js';
import type { PnlTotal } from '../../../core/pnl/types.js';
import { formatKrw, formatKrwChange } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { UncertainBadge } from './Uncertain.js';
import { formatRatio, pnlTone, ratioDec } from './view.js';

function Stat(props: { label: string; hint?: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex shrink-0 flex-col justify-center whitespace-nowrap px-3" title={props.hint}>
      <span className="text-[10px] text-dim">{props.label}</span>
      <span className="num text-[13px]" data-testid={props.testId}>
        {props.children}
      </span>
    </div>
  );
}

export function Summary(props: {
  total: PnlTotal | null;
  fills: string;
  extraReasons?: number;
  /** Right end of the strip (the ledger's sync state). */
  right?: ReactNode;
}) {
  const t = useT();
  const v = props.total;
  const dash = '-';
  return (
    <div
      className="flex min-h-14 shrink-0 flex-wrap items-stretch divide-x divide-line border-b border-line bg-panel"
      data-testid="pnl-summary"
    >
      <div className="flex min-w-[230px] shrink-0 flex-col justify-center px-3 py-1.5">
        <span className="text-[10px] text-dim">{t('pnl.total')} (KRW)</span>
        <span className="flex items-baseline">
          <span className={`num text-[20px] font-semibold ${pnlTone(v?.pnlKrw)}`} data-testid="pnl-total">
            {v ? formatKrwChange(v.pnlKrw) : dash}
          </span>
          {v && <UncertainBadge reasons={v.uncertain} extra={props.extraReasons ?? 0} />}
        </span>
      </div>
      <Stat label={t('pnl.twr')} hint={t('pnl.twrHint')} testId="pnl-twr">
        <span className={pnlTone(ratioDec(v?.twr), 2)}>{formatRatio(v?.twr)}</span>
      </Stat>
      <Stat label={t('pnl.mwr')} hint={t('pnl.mwrHint')} testId="pnl-mwr">
        <span className={pnlTone(ratioDec(v?.mwr), 2)}>{formatRatio(v?.mwr)}</span>
      </Stat>
      <Stat label={t('pnl.realized')} testId="pnl-realized">
        <span className={pnlTone(v?.realizedKrw)}>{v ? formatKrwChange(v.realizedKrw) : dash}</span>
      </Stat>
      <Stat label={t('pnl.unrealizedChange')} testId="pnl-unrealized">
        <span className={pnlTone(v?.unrealizedChangeKrw)}>
          {v ? formatKrwChange(v.unrealizedChangeKrw) : dash}
        </span>
      </Stat>
      <Stat label={t('pnl.fees')} testId="pnl-fees">
        {v ? formatKrwChange(neg(v.feesKrw)) : dash}
      </Stat>
      <Stat label={t('pnl.netFlows')} testId="pnl-flows">
        {v ? formatKrwChange(v.netFlowsKrw) : dash}
      </Stat>
      <Stat label={`${t('pnl.startEquity')} → ${t('pnl.endEquity')}`} testId="pnl-equity">
        {v ? `${formatKrw(v.startEquityKrw)} → ${formatKrw(v.endEquityKrw)}` : dash}
      </Stat>
      <Stat label={t('pnl.fills')} testId="pnl-fills">
        {props.fills}
      </Stat>
      <div className="ml-auto flex min-w-0 items-center px-3 py-1.5">{props.right}</div>
    </div>
  );
}
