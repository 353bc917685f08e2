// Per-asset results of the period: holding, our moving-average cost beside the exchange's avgPrice
// (flagged where they differ), realized, unrealized, fees, P&L, return, value and share. A coin whose
// cost is unknown is marked and opens the cost entry right under its row.
import { Fragment } from 'react';
import { cmp, neg } from '../../../core/decimal.js';
import type { AssetPnl } from '../../../core/pnl/types.js';
import { formatKrw, formatKrwChange, formatNumber, formatPercent, formatQty } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import type { Scope } from './api.js';
import { CostEntry } from './CostEntry.js';
import { avgGapPct, pnlTone } from './view.js';

const price = (v: string | null | undefined) =>
  v ? formatNumber(v, { dp: v.startsWith('0.') ? 4 : 0 }) : '-';

function AvgCell(props: { a: AssetPnl }) {
  const t = useT();
  const { a } = props;
  const gap = avgGapPct(a.avgCostKrw, a.exchangeAvgPrice);
  return (
    <span className="inline-flex items-center justify-end gap-1" data-testid="asset-exavg">
      {price(a.exchangeAvgPrice)}
      {a.avgDiffers && (
        <span
          className="rounded bg-warn/15 px-1 text-[10px] text-warn"
          title={gap !== null ? t('pnl.avgDiffers', { pct: gap }) : t('pnl.avgDiffersAcct')}
          data-testid="avg-differs"
        >
          ≠ {gap !== null ? formatPercent(gap) : ''}
        </span>
      )}
    </span>
  );
}

export function AssetTable(props: {
  rows: readonly AssetPnl[];
  scope: Scope;
  openCost: string | null;
  setOpenCost: (c: string | null) => void;
}) {
  const t = useT();
  // largest holding first; what is no longer held (value 0) by its P&L after them
  const rows = [...props.rows].sort((a, b) => cmp(b.valueKrw, a.valueKrw) || cmp(b.pnlKrw, a.pnlKrw));
  const th = 'h-7 border-b border-line px-2 font-normal whitespace-nowrap';
  return (
    <table className="w-full border-collapse text-[12px]" data-testid="pnl-assets">
      <thead className="sticky top-0 z-10 bg-panel text-dim">
        <tr>
          <th className={`${th} text-left`}>{t('pnl.col.asset')}</th>
          <th className={`${th} text-right`}>{t('pnl.col.position')}</th>
          <th className={`${th} text-right`}>{t('pnl.col.avgCost')}</th>
          <th className={`${th} text-right`}>{t('pnl.col.exAvg')}</th>
          <th className={`${th} text-right`}>{t('pnl.realized')}</th>
          <th className={`${th} text-right`}>{t('pnl.unrealized')}</th>
          <th className={`${th} text-right`}>{t('pnl.fees')}</th>
          <th className={`${th} text-right`}>{t('pnl.col.pnl')}</th>
          <th className={`${th} text-right`}>{t('pnl.col.return')}</th>
          <th className={`${th} text-right`}>{t('pnl.col.value')}</th>
          <th className={`${th} text-right`}>{t('pnl.col.share')}</th>
        </tr>
      </thead>
      <tbody className="num">
        {rows.map((a) => (
          <Fragment key={a.currency}>
            <tr
              className="h-7 border-b border-line/50 hover:bg-panel2"
              data-testid="asset-row"
              data-currency={a.currency}
            >
              <td className="px-2 font-sans font-semibold whitespace-nowrap">
                {a.currency.toUpperCase()}
                {a.costUnknown && (
                  <button
                    type="button"
                    className="ml-1.5 rounded bg-warn/15 px-1 text-[10px] font-normal text-warn hover:bg-warn/25"
                    title={t('pnl.reason.costUnknown')}
                    aria-expanded={props.openCost === a.currency}
                    onClick={() => props.setOpenCost(props.openCost === a.currency ? null : a.currency)}
                    data-testid="cost-open"
                  >
                    ⚠ {t('pnl.cost.enter')}
                  </button>
                )}
              </td>
              <td className="px-2 text-right">{formatQty(a.position)}</td>
              <td className="px-2 text-right">{price(a.avgCostKrw)}</td>
              <td className="px-2 text-right">
                <AvgCell a={a} />
              </td>
              <td className={`px-2 text-right ${pnlTone(a.realizedKrw)}`}>
                {formatKrwChange(a.realizedKrw)}
              </td>
              <td className={`px-2 text-right ${pnlTone(a.unrealizedKrw)}`}>
                {formatKrwChange(a.unrealizedKrw)}
              </td>
              <td className="px-2 text-right">{formatKrwChange(neg(a.feesKrw))}</td>
              <td className={`px-2 text-right font-semibold ${pnlTone(a.pnlKrw)}`} data-testid="asset-pnl">
                {formatKrwChange(a.pnlKrw)}
              </td>
              <td className={`px-2 text-right ${pnlTone(a.returnPct, 2)}`}>
                {a.returnPct ? formatPercent(a.returnPct) : '-'}
              </td>
              <td className="px-2 text-right">{formatKrw(a.valueKrw)}</td>
              <td className="px-2 text-right">
                {a.shareOfPortfolio ? `${formatNumber(a.shareOfPortfolio, { dp: 2, minDp: 2 })}%` : '-'}
              </td>
            </tr>
            {props.openCost === a.currency && (
              <tr>
                <td colSpan={11}>
                  <CostEntry scope={props.scope} currency={a.currency} />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
