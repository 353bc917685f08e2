// Compact 투자손익 panel for the monitor: all accounts together, today or 7 days, with total P&L, the
// two returns, realized / unrealized / fees, the fills count and the days as small bars. Live or
// visibly stale like every panel; a link opens the full page.
import { useState } from 'react';
import { neg } from '../../../core/decimal.js';
import { ErrorState } from '../../components/index.js';
import { formatKrwChange } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { dimClass, StaleMark } from '../../lib/live/StaleMark.js';
import { useQueryFreshness } from '../../lib/live/useFreshness.js';
import { EVENTS_LIMIT, PNL_POLL_MS, useLedgerEvents, useLedgerStatus, usePnl } from './api.js';
import { MiniBars } from './MiniBars.js';
import { PeriodButtons } from './PeriodBar.js';
import type { PeriodKey } from './period.js';
import { UncertainBadge } from './Uncertain.js';
import { usePeriod } from './usePeriod.js';
import { formatRatio, pnlTone, ratioDec } from './view.js';

const KEYS: readonly PeriodKey[] = ['today', '7d'];

function Cell(props: { label: string; value: string; tone?: string; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-col">
      <span className="truncate text-[10px] text-dim">{props.label}</span>
      <span className={`num truncate text-[12px] ${props.tone ?? ''}`} data-testid={props.testId}>
        {props.value}
      </span>
    </div>
  );
}

export function PnlPanel() {
  const t = useT();
  const [key, setKey] = useState<PeriodKey>('today');
  const p = usePeriod(key);
  useLedgerStatus(); // a finished sync refreshes the figures at once
  const q = usePnl('all', p.from, null);
  const fills = useLedgerEvents('all', p.from, null, 'trade');
  const fresh = useQueryFreshness(q, { budgetMs: PNL_POLL_MS * 3 });
  const v = q.data?.total;
  const n = fills.data
    ? `${fills.data.events.length}${fills.data.truncated || fills.data.events.length >= EVENTS_LIMIT ? '+' : ''}`
    : '-';
  return (
    <section
      className="flex h-[92px] shrink-0 items-stretch gap-4 border-b border-line bg-panel px-3 py-1.5"
      data-testid="pnl-panel"
      data-period={key}
    >
      <div className="flex w-[170px] shrink-0 flex-col justify-between">
        <div className="flex items-center gap-2 whitespace-nowrap">
          <a
            href="#/pnl"
            className="text-[12px] font-semibold hover:text-accent"
            data-testid="pnl-panel-open"
          >
            {t('pnl.title')} ›
          </a>
          <StaleMark f={fresh} testId="pnl-panel-fresh" />
        </div>
        <PeriodButtons keys={KEYS} value={key} onChange={setKey} testId="pnl-panel-period" />
      </div>
      {q.isError && !q.data ? (
        <ErrorState error={q.error} compact />
      ) : (
        <div
          className={`grid min-w-0 flex-1 grid-cols-[minmax(150px,1.4fr)_repeat(6,minmax(0,1fr))_minmax(120px,1.2fr)] items-center gap-3 ${dimClass(fresh)}`}
        >
          <div className="flex min-w-0 flex-col">
            <span className="text-[10px] text-dim">{t('pnl.total')} (KRW)</span>
            <span className="flex items-baseline">
              <span
                className={`num text-[18px] font-semibold ${pnlTone(v?.pnlKrw)}`}
                data-testid="pnl-panel-total"
              >
                {v ? formatKrwChange(v.pnlKrw) : '-'}
              </span>
              {v && <UncertainBadge reasons={v.uncertain} testId="pnl-panel-uncertain" />}
            </span>
          </div>
          <Cell label={t('pnl.twr')} value={formatRatio(v?.twr)} tone={pnlTone(ratioDec(v?.twr), 2)} />
          <Cell label={t('pnl.mwr')} value={formatRatio(v?.mwr)} tone={pnlTone(ratioDec(v?.mwr), 2)} />
          <Cell
            label={t('pnl.realized')}
            value={v ? formatKrwChange(v.realizedKrw) : '-'}
            tone={pnlTone(v?.realizedKrw)}
          />
          <Cell
            label={t('pnl.unrealizedChange')}
            value={v ? formatKrwChange(v.unrealizedChangeKrw) : '-'}
            tone={pnlTone(v?.unrealizedChangeKrw)}
          />
          <Cell label={t('pnl.fees')} value={v ? formatKrwChange(neg(v.feesKrw)) : '-'} />
          <Cell label={t('pnl.fills')} value={n} testId="pnl-panel-fills" />
          <MiniBars daily={q.data?.daily ?? []} className="h-[52px] w-full" />
        </div>
      )}
    </section>
  );
}
