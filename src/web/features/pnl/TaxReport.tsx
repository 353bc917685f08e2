// Tax-year report (#/pnl/tax): gains per asset by moving average and by first-in-first-out, the basic
// deduction, the taxable amount and the estimated tax, labelled an estimate and not advice; the year's
// ledger as CSV and a printable page (pnl.css hides the shell and prints in light colours).
import { useState } from 'react';
import { mul } from '../../../core/decimal.js';
import type { TaxReport } from '../../../core/pnl/types.js';
import { Button, ErrorState, Spinner } from '../../components/index.js';
import { formatKrw, formatKrwChange, formatNumber, useTimeFormat } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { dimClass, StaleMark } from '../../lib/live/StaleMark.js';
import { useQueryFreshness } from '../../lib/live/useFreshness.js';
import { usePrefs } from '../../store/prefs.js';
import { type Scope, useTax } from './api.js';
import { downloadCsv } from './csv.js';
import { kstDay } from './period.js';
import { UncertainNotes } from './Uncertain.js';
import { pnlTone } from './view.js';
import { usePnlView } from './viewState.js';

function Gains(props: { r: TaxReport }) {
  const t = useT();
  const { r } = props;
  const th = 'h-7 border-b border-line px-2 font-normal whitespace-nowrap';
  if (r.perAsset.length === 0) return <div className="p-3 text-[12px] text-dim">{t('pnl.tax.none')}</div>;
  return (
    <table className="w-full border-collapse text-[12px]" data-testid="tax-assets">
      <thead className="text-dim">
        <tr>
          <th className={`${th} text-left`}>{t('pnl.col.asset')}</th>
          <th className={`${th} text-right`}>{t('pnl.tax.proceeds')}</th>
          <th className={`${th} text-right`}>{t('pnl.tax.gainAvg')}</th>
          <th className={`${th} text-right`}>{t('pnl.tax.gainFifo')}</th>
        </tr>
      </thead>
      <tbody className="num">
        {r.perAsset.map((a) => (
          <tr
            key={a.currency}
            className="h-7 border-b border-line/50"
            data-testid="tax-row"
            data-currency={a.currency}
          >
            <td className="px-2 font-sans font-semibold">
              {a.currency.toUpperCase()}
              {a.costUnknown && (
                <span className="ml-1.5 text-[10px] font-normal text-warn">⚠ {t('pnl.tax.costUnknown')}</span>
              )}
            </td>
            <td className="px-2 text-right">{formatKrw(a.proceedsKrw)}</td>
            <td className={`px-2 text-right ${pnlTone(a.gainAvgKrw)}`}>{formatKrwChange(a.gainAvgKrw)}</td>
            <td className={`px-2 text-right ${pnlTone(a.gainFifoKrw)}`}>{formatKrwChange(a.gainFifoKrw)}</td>
          </tr>
        ))}
        <tr className="h-8 font-semibold">
          <td className="px-2 font-sans">{t('pnl.tax.total')}</td>
          <td />
          <td className={`px-2 text-right ${pnlTone(r.totalAvgKrw)}`} data-testid="tax-total-avg">
            {formatKrwChange(r.totalAvgKrw)}
          </td>
          <td className={`px-2 text-right ${pnlTone(r.totalFifoKrw)}`} data-testid="tax-total-fifo">
            {formatKrwChange(r.totalFifoKrw)}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

function Line(props: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div
      className={`flex h-7 items-center justify-between border-b border-line/50 px-2 ${props.strong ? 'text-[14px] font-semibold' : ''}`}
    >
      <span className="font-sans">{props.label}</span>
      <span className="num" data-testid={props.testId}>
        {props.value}
      </span>
    </div>
  );
}

export function TaxReportView(props: { scope: Scope }) {
  const t = useT();
  const tf = useTimeFormat();
  const year = usePnlView((s) => s.taxYear);
  const lang = usePrefs((s) => s.language);
  const set = usePnlView((s) => s.set);
  const q = useTax(props.scope, year);
  const fresh = useQueryFreshness(q, { budgetMs: 180_000 });
  const [csvError, setCsvError] = useState<unknown>(null);
  const [csvBusy, setCsvBusy] = useState(false);
  const thisYear = Number(kstDay(Date.now()).slice(0, 4));
  const years = Array.from({ length: 6 }, (_, i) => thisYear - i);
  const r = q.data;
  const csv = async () => {
    setCsvError(null);
    setCsvBusy(true);
    try {
      await downloadCsv(year, props.scope, lang);
    } catch (e) {
      setCsvError(e);
    } finally {
      setCsvBusy(false);
    }
  };
  return (
    <div className="flex min-h-0 flex-col" data-testid="tax-report">
      <div className="pnl-noprint flex h-9 shrink-0 items-center gap-2 border-b border-line px-3">
        <label className="flex items-center gap-1.5 text-[11px] text-dim">
          {t('pnl.tax.year')}
          <select
            className="h-6 rounded border border-line bg-panel2 px-1.5 text-[11px] text-fg"
            value={year}
            onChange={(e) => set({ taxYear: Number(e.target.value) })}
            data-testid="tax-year"
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <Button size="xs" onClick={() => void csv()} disabled={csvBusy} data-testid="tax-csv">
          ⤓ {t('pnl.tax.csv')}
        </Button>
        <Button size="xs" onClick={() => window.print()} data-testid="tax-print">
          ⎙ {t('pnl.tax.print')}
        </Button>
        {csvError !== null && <ErrorState error={csvError} compact />}
        <span className="ml-auto">
          <StaleMark f={fresh} testId="tax-fresh" />
        </span>
      </div>
      {q.isError && !r ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} retryLabel="↻" />
      ) : !r ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <div
          className={`pnl-print mx-auto w-full max-w-[960px] p-4 ${dimClass(fresh)}`}
          data-testid="tax-body"
          data-year={r.year}
        >
          <h2 className="text-[16px] font-semibold">{t('pnl.tax.title', { year: r.year })}</h2>
          <div className="mb-2 text-[11px] text-dim">
            {props.scope === 'all' ? t('pnl.scope.all') : props.scope} · {tf.dateTime(q.dataUpdatedAt)}
          </div>
          <p
            className="mb-2 rounded border border-warn/50 bg-warn/10 px-3 py-2 text-[12px] text-warn"
            role="note"
            data-testid="tax-disclaimer"
          >
            {t('pnl.tax.disclaimer')}
          </p>
          {r.beforeTaxStart && (
            <p className="mb-2 text-[11px] text-dim" data-testid="tax-before-start">
              {t('pnl.tax.beforeStart', { year: r.year })}
            </p>
          )}
          <UncertainNotes reasons={r.uncertain} unreadLists={[]} />
          <div className="grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)] gap-4 border border-line bg-panel">
            <Gains r={r} />
            <div className="border-l border-line" data-testid="tax-summary">
              <Line
                label={`${t('pnl.tax.total')} (${t('pnl.tax.gainAvg')})`}
                value={formatKrwChange(r.totalAvgKrw)}
              />
              <Line
                label={t('pnl.tax.deduction')}
                value={`-${formatKrw(r.deductionKrw)}`}
                testId="tax-deduction"
              />
              <Line label={t('pnl.tax.taxable')} value={formatKrw(r.taxableKrw)} testId="tax-taxable" />
              <Line
                label={t('pnl.tax.rate')}
                value={`${formatNumber(mul(r.rate, '100'), { dp: 1 })}%`}
                testId="tax-rate"
              />
              <Line
                label={`${t('pnl.tax.estimated')} (KRW)`}
                value={formatKrw(r.estimatedTaxKrw)}
                strong
                testId="tax-estimated"
              />
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
