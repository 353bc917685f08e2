// #/pnl: investment results (투자손익) of one account or all together, and the tax-year report
// (#/pnl/tax). Loaded lazily as its own chunk.
import './pnl.css';
import './strings.js';
import { useMemo } from 'react';
import { EmptyState, ErrorState } from '../../components/index.js';
import { useT } from '../../lib/i18n.js';
import { dimClass, StaleMark } from '../../lib/live/StaleMark.js';
import { useQueryFreshness } from '../../lib/live/useFreshness.js';
import { EVENTS_LIMIT, PNL_POLL_MS, useLedgerEvents, useLedgerStatus, usePnl } from './api.js';
import { Overview } from './Overview.js';
import { PeriodBar } from './PeriodBar.js';
import { ScopeSelect } from './ScopeSelect.js';
import { SyncStatus } from './SyncStatus.js';
import { openPnlTab, type PnlTab, usePnlTab } from './subRoute.js';
import { syncSummary } from './syncSummary.js';
import { TaxReportView } from './TaxReport.js';
import { usePeriod } from './usePeriod.js';
import { usePnlView } from './viewState.js';

const FRESH_BUDGET_MS = PNL_POLL_MS * 3;

function TabButton(props: { tab: PnlTab; current: PnlTab; label: string }) {
  const on = props.tab === props.current;
  return (
    <button
      type="button"
      role="tab"
      aria-selected={on}
      data-testid={`pnl-tab-${props.tab}`}
      onClick={() => openPnlTab(props.tab)}
      className={`border-b-2 px-3 text-[12px] ${on ? 'border-accent font-semibold text-fg' : 'border-transparent text-dim hover:text-fg'}`}
    >
      {props.label}
    </button>
  );
}

export function PnlPage() {
  const t = useT();
  const tab = usePnlTab();
  const scope = usePnlView((s) => s.scope);
  const period = usePeriod();
  const status = useLedgerStatus();
  const accounts = status.data?.accounts ?? [];
  const report = usePnl(scope, period.from, period.toParam, tab === 'overview');
  const fills = useLedgerEvents(scope, period.from, period.toParam, 'trade', tab === 'overview');
  const fresh = useQueryFreshness(report, { budgetMs: FRESH_BUDGET_MS });
  const sync = useMemo(
    () => (status.data ? syncSummary(status.data.accounts, scope, period) : null),
    [status.data, scope, period],
  );
  const fillCount = fills.data
    ? `${fills.data.events.length}${fills.data.truncated || fills.data.events.length >= EVENTS_LIMIT ? '+' : ''}`
    : '-';
  return (
    <div className="flex min-h-full flex-col bg-bg" data-testid="pnl-page" data-tab={tab}>
      <div
        className="pnl-noprint flex h-9 shrink-0 items-stretch gap-3 border-b border-line bg-panel px-3"
        role="tablist"
      >
        <h1 className="self-center text-[13px] font-semibold">{t('pnl.title')}</h1>
        <TabButton tab="overview" current={tab} label={t('pnl.tab.overview')} />
        <TabButton tab="tax" current={tab} label={t('pnl.tab.tax')} />
        <div className="flex min-w-0 flex-1 items-center gap-3">
          {tab === 'overview' && <PeriodBar />}
          <ScopeSelect accounts={accounts} />
          <div className="ml-auto flex min-w-0 items-center gap-2">
            {tab === 'tax' && <SyncStatus s={sync} />}
            {tab === 'overview' && <StaleMark f={fresh} testId="pnl-fresh" />}
          </div>
        </div>
      </div>
      {status.isError && !status.data ? (
        <ErrorState error={status.error} onRetry={() => void status.refetch()} retryLabel="↻" />
      ) : status.data && accounts.length === 0 ? (
        <EmptyState testId="pnl-no-accounts">{t('pnl.noAccounts')}</EmptyState>
      ) : tab === 'tax' ? (
        <TaxReportView scope={scope} />
      ) : report.isError && !report.data ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} retryLabel="↻" />
      ) : (
        <div className={dimClass(fresh)}>
          <Overview
            report={report.data}
            period={period}
            scope={scope}
            fills={fillCount}
            sync={sync}
            current={!report.isPlaceholderData && !fills.isPlaceholderData}
          />
        </div>
      )}
    </div>
  );
}
