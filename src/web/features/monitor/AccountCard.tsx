// One account on the monitor: total value, day P&L since 00:00 KST (flows separated, from the
// proxy's equity snapshots), an intraday sparkline, exposure by asset, every holding, open orders
// per pair, the latest fills and rate-limit headroom, all live. Sizes are in em: the card takes
// its type size from `fontPx`, so wall mode scales it with the screen.
import { useEffect, useMemo } from 'react';
import { isZero } from '../../../core/decimal.js';
import { countsFrom, kstDayStart } from '../../../core/desk/dayPnl.js';
import { signTone } from '../../components/SummaryStrip.js';
import type { MonitorEntry } from '../../lib/accounts/useMonitorAccounts.js';
import { useDeskPrefs, useDeskReports } from '../../lib/deskState.js';
import { formatKrw, formatKrwChange, formatPercent, useTimeFormat } from '../../lib/format.js';
import { gate } from '../../lib/gate.js';
import { useT } from '../../lib/i18n.js';
import { dimClass, StaleMark } from '../../lib/live/StaleMark.js';
import { useQueryFreshness } from '../../lib/live/useFreshness.js';
import { useKrwPrices } from '../../lib/market/useTickers.js';
import { useBalances } from '../../lib/useBalances.js';
import { useGateText } from '../../lib/useGate.js';
import { sortByValue, valuePortfolio } from '../../lib/valuation.js';
import { privateStream, useStreamStatus } from '../../lib/ws.js';
import { ExposureBar, PnlUncertainMark, Sparkline, useAccountDay } from '../desk/index.js';
import { FillsList, HoldingsList, OpenOrdersList } from './CardSections.js';
import { largestFill } from './fillsToday.js';
import { useAccountActivity } from './useAccountActivity.js';
import { headroomFor, type RateLimitEntry } from './useRateLimits.js';

export function AccountCard(props: {
  entry: MonitorEntry;
  symbols: readonly string[];
  rateLimits: readonly RateLimitEntry[];
  /** Type size of the card in px (12 on the page; wall mode scales it with the screen). */
  fontPx?: number;
  maxFills?: number;
  /** 'tall': holdings above fills (narrow wall cells); 'wide' (default): side by side. */
  shape?: 'wide' | 'tall';
}) {
  const t = useT();
  const gateText = useGateText();
  const tf = useTimeFormat();
  const { entry } = props;
  const fontPx = props.fontPx ?? 12;
  const presenter = useDeskPrefs((s) => s.presenter);
  const balGate = gate(entry.keyInfo, { permission: 'readBalances', accountSeq: entry.accountSeq });
  const ordGate = gate(entry.keyInfo, { permission: 'readOrders', accountSeq: entry.accountSeq });
  const balances = useBalances(entry.profileId, entry.accountSeq, balGate.ok);
  const activity = useAccountActivity(entry.profileId, entry.accountSeq, props.symbols, ordGate.ok);
  const prices = useKrwPrices();
  const status = useStreamStatus(privateStream(entry.profileId));
  // issue 11: balances from the myAsset stream + poll; stale when either stops
  const fresh = useQueryFreshness(balances, { stream: privateStream(entry.profileId), budgetMs: 15_000 });
  const valuation = useMemo(
    () => (balances.data ? valuePortfolio(balances.data, prices) : null),
    [balances.data, prices],
  );
  const owner = entry.keyInfo.userUuid ?? `profile:${entry.profileId}`;
  const { day, points } = useAccountDay(owner, entry.accountSeq, valuation?.totalKrw ?? null);
  const rows = useMemo(
    () => (valuation ? sortByValue(valuation.rows).filter((r) => !isZero(r.balance)) : []),
    [valuation],
  );
  const dayStart = kstDayStart(Date.now());
  const fillsToday = useMemo(
    () => activity.fills.filter((f) => f.tradedAt >= dayStart),
    [activity.fills, dayStart],
  );
  const headroom = headroomFor(props.rateLimits, entry.profileId, entry.accountSeq);
  const name = entry.accountName || (entry.accountSeq === 1 ? t('acc.mainAccount') : '');
  const label = presenter ? name || t('desk.account') : `#${entry.accountSeq} ${name}`;
  const openCount = activity.openOrders.reduce((n, g) => n + g.orders.length, 0);
  const big = largestFill(fillsToday);

  const lateFrom = day ? countsFrom(day) : null;
  const report = useDeskReports((s) => s.report);
  useEffect(() => {
    report({
      id: entry.id,
      profileId: entry.profileId,
      accountSeq: entry.accountSeq,
      label: `${entry.profileLabel} #${entry.accountSeq} ${name}`.trim(),
      equityKrw: valuation?.totalKrw ?? null,
      dayPnl: day?.pnl ?? null,
      dayFrom: lateFrom,
      pnlUncertain: day?.unreadFlows.join(',') ?? '',
      openOrders: openCount,
      fillsToday: fillsToday.length,
      largestFillKrw: big?.amt ?? null,
      largestFillAt: big?.tradedAt ?? null,
      streamStatus: status,
      keyExpiresAt: typeof entry.keyInfo.expiration === 'number' ? entry.keyInfo.expiration : null,
      holdings: rows.length,
      orderPairs: activity.openOrders.length,
    });
  }, [
    report,
    entry,
    name,
    valuation?.totalKrw,
    day?.pnl,
    lateFrom,
    day?.unreadFlows,
    openCount,
    fillsToday.length,
    big,
    status,
    rows.length,
    activity.openOrders.length,
  ]);

  return (
    <article
      className="flex h-full min-h-0 flex-col gap-[0.5em] overflow-hidden rounded border border-line bg-panel p-[0.8em]"
      style={{ fontSize: fontPx }}
      data-testid="monitor-card"
      data-account={entry.accountSeq}
      data-profile={entry.profileId}
    >
      <header className="flex items-center gap-[0.5em] whitespace-nowrap">
        <span
          className={`inline-block h-[0.6em] w-[0.6em] shrink-0 rounded-full ${status === 'open' ? 'bg-emerald-500' : 'bg-warn'}`}
          title={t(`conn.${status}`)}
        />
        <h3 className="text-[1.15em] font-semibold">{label}</h3>
        <StaleMark f={fresh} testId="card-fresh" />
        {!presenter && <span className="ml-auto text-[0.85em] text-dim">{entry.profileLabel}</span>}
      </header>
      <div className={`flex flex-wrap items-end justify-between gap-x-[1em] ${dimClass(fresh)}`}>
        <div>
          <div className="text-[0.85em] text-dim">{t('acc.mon.total')}</div>
          <div className="num whitespace-nowrap text-[2em] font-bold leading-tight" data-testid="card-total">
            {valuation ? formatKrw(valuation.totalKrw) : '-'}
            <span className="ml-[0.25em] text-[0.4em] font-normal text-dim">KRW</span>
          </div>
        </div>
        <div className="ml-auto text-right">
          <div className="text-[0.85em] text-dim" title={t('desk.dayPnlHint')} data-testid="card-pnl-label">
            {lateFrom !== null
              ? t('desk.dayPnlSince', { time: tf.time(lateFrom).slice(0, 5) })
              : t('desk.dayPnl')}
          </div>
          <div
            className={`num whitespace-nowrap text-[1.35em] font-semibold ${signTone(day?.pnl)}`}
            data-testid="card-pnl24"
          >
            {day?.pnl ? `${formatKrwChange(day.pnl)}${day.pct ? ` (${formatPercent(day.pct)})` : ''}` : '-'}
            <PnlUncertainMark lists={day?.unreadFlows ?? []} testId="card-pnl-uncertain" />
          </div>
          <div className="num whitespace-nowrap text-[0.85em] text-dim">
            {[
              day?.openingEstimated ? t('desk.openingEstimated') : '',
              day && day.netFlows !== '0' ? `${t('desk.flows')} ${formatKrw(day.netFlows)}` : '',
            ]
              .filter(Boolean)
              .join(' · ') || '\u00a0'}
          </div>
        </div>
      </div>
      <Sparkline
        points={points}
        live={valuation?.totalKrw ?? null}
        opening={day?.openingEstimated ? day.opening : null}
        from={day?.openingEstimated ? dayStart : Math.max(dayStart, points[0]?.ts ?? dayStart)}
        to={Date.now()}
        tone={signTone(day?.pnl)}
        className="h-[2.2em] w-full shrink-0"
      />
      <ExposureBar rows={rows} total={valuation?.totalKrw ?? null} />
      {!balGate.ok && <p className="text-warn">{gateText(balGate)}</p>}
      {!ordGate.ok && <p className="text-warn">{gateText(ordGate)}</p>}
      <div
        className={`grid min-h-0 flex-1 gap-[1em] overflow-hidden ${props.shape === 'tall' ? 'grid-cols-1 content-start' : 'grid-cols-[minmax(0,21fr)_minmax(0,26fr)]'}`}
      >
        <div className="flex min-h-0 flex-col gap-[0.5em]">
          <HoldingsList rows={rows} />
          <OpenOrdersList groups={activity.openOrders} />
        </div>
        <div className="min-h-0 overflow-hidden">
          <FillsList fills={fillsToday} max={props.maxFills ?? 8} todayCount={fillsToday.length} />
        </div>
      </div>
      <footer
        className="flex flex-wrap gap-x-[0.8em] border-t border-line/60 pt-[0.2em] text-[0.85em] text-dim"
        data-testid="card-rate"
      >
        <span>{t('acc.mon.rate')}</span>
        {headroom.length === 0 && <span>-</span>}
        {headroom.slice(0, 3).map((h) => (
          <span
            key={`${h.class}:${h.accountSeq}`}
            className={`num whitespace-nowrap ${h.remaining / h.limit < 0.2 ? 'text-warn' : ''}`}
          >
            {h.class}
            {h.accountSeq === null ? ` (${t('acc.mon.perUser')})` : ` #${h.accountSeq}`} {h.remaining}/
            {h.limit}
          </span>
        ))}
      </footer>
    </article>
  );
}
