// The results tab: totals, daily bars and the calendar, the equity curve with flows, allocation and the
// largest movers, and the per-asset table. Panels keep their size while loading so nothing jumps.
import { type ReactNode, useState } from 'react';
import type { PnlReport } from '../../../core/pnl/types.js';
import { EmptyState, Spinner } from '../../components/index.js';
import { useT } from '../../lib/i18n.js';
import { Allocation } from './Allocation.js';
import { AssetTable } from './AssetTable.js';
import type { Scope } from './api.js';
import { CalendarHeat } from './CalendarHeat.js';
import { DailyBars } from './DailyBars.js';
import { EquityChart } from './EquityChart.js';
import { Movers } from './Movers.js';
import type { Period } from './period.js';
import { Summary } from './Summary.js';
import { SyncStatus } from './SyncStatus.js';
import type { SyncSummary } from './syncSummary.js';
import { UncertainNotes } from './Uncertain.js';

function Box(props: { title: string; children: ReactNode; testId?: string; right?: ReactNode }) {
  return (
    <section className="flex min-h-0 min-w-0 flex-col bg-panel" data-testid={props.testId}>
      <header className="flex h-7 shrink-0 items-center justify-between border-b border-line px-2">
        <h2 className="text-[11px] font-semibold">{props.title}</h2>
        {props.right}
      </header>
      <div className="relative min-h-0 flex-1">{props.children}</div>
    </section>
  );
}

/** True when the period has nothing at all: no equity, no assets, no flows. */
export function isEmptyReport(r: PnlReport): boolean {
  const zero = (v: string) => /^-?0(\.0*)?$/.test(v);
  return (
    r.perAsset.length === 0 &&
    r.flows.length === 0 &&
    zero(r.total.startEquityKrw) &&
    zero(r.total.endEquityKrw) &&
    r.daily.every((d) => zero(d.pnlKrw))
  );
}

export function Overview(props: {
  report: PnlReport | undefined;
  period: Period;
  scope: Scope;
  fills: string;
  sync: SyncSummary | null;
  /** False while the figures shown are still the previous period's (the new ones are on their way). */
  current: boolean;
}) {
  const t = useT();
  const r = props.report;
  const [openCost, setOpenCost] = useState<string | null>(null);
  const reasons = r?.total.uncertain ?? [];
  const unread = props.sync?.unreadLists ?? [];
  const wait = <Spinner className="h-full" />;
  const firstUnknown = r?.perAsset.find((a) => a.costUnknown)?.currency ?? null;
  return (
    <div
      className={`flex min-h-0 flex-col transition-opacity ${props.current ? '' : 'opacity-60'}`}
      data-testid="pnl-overview"
      data-loaded={r ? '1' : '0'}
      data-current={props.current ? '1' : '0'}
      data-from={props.period.from}
      data-from-day={props.period.fromDay}
      data-to-day={props.period.toDay}
    >
      <UncertainNotes
        reasons={reasons}
        unreadLists={unread}
        onEnterCost={firstUnknown ? () => setOpenCost(firstUnknown) : undefined}
        fixed={{ loaded: r !== undefined }}
      />
      <Summary
        total={r?.total ?? null}
        fills={props.fills}
        extraReasons={unread.length > 0 ? 1 : 0}
        right={<SyncStatus s={props.sync} />}
      />
      <div className="grid shrink-0 grid-cols-[minmax(0,2fr)_minmax(0,1fr)] grid-rows-[210px_210px] gap-px border-b border-line bg-line">
        <Box title={t('pnl.daily')} testId="pnl-daily">
          {r ? <DailyBars daily={r.daily} /> : wait}
        </Box>
        <Box title={t('pnl.calendar')}>
          {r ? (
            <CalendarHeat daily={r.daily} fromDay={props.period.fromDay} toDay={props.period.toDay} />
          ) : (
            wait
          )}
        </Box>
        <Box title={t('pnl.equity')} testId="pnl-equity-box">
          {r ? (
            <EquityChart
              curve={r.equityCurve}
              flows={r.flows}
              intraday={props.period.fromDay === props.period.toDay}
            />
          ) : (
            wait
          )}
        </Box>
        <Box title={t('pnl.allocation')}>
          {r ? (
            <div className="flex h-full flex-col divide-y divide-line overflow-auto">
              <Allocation perAsset={r.perAsset} endEquityKrw={r.total.endEquityKrw} />
              <Movers winners={r.winners} losers={r.losers} />
            </div>
          ) : (
            wait
          )}
        </Box>
      </div>
      <section className="min-h-[160px] bg-panel">
        <header className="flex h-7 items-center border-b border-line px-2">
          <h2 className="text-[11px] font-semibold">{t('pnl.assets')}</h2>
        </header>
        {!r ? (
          wait
        ) : isEmptyReport(r) ? (
          <EmptyState>{t('pnl.empty')}</EmptyState>
        ) : (
          <AssetTable rows={r.perAsset} scope={props.scope} openCost={openCost} setOpenCost={setOpenCost} />
        )}
      </section>
    </div>
  );
}
