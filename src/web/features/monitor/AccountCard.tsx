// One account on the monitor: total value, 24h and unrealized P&L, holdings, open orders per pair,
// recent fills and rate-limit headroom, all live.
import { useMemo } from 'react';
import { formatKrw, formatPercent } from '../../lib/format.js';
import { gate } from '../../lib/gate.js';
import { useT } from '../../lib/i18n.js';
import { privateStream, useStreamStatus } from '../../lib/ws.js';
import { useGateText } from '../account-info/useGate.js';
import { signTone } from '../balances/SummaryStrip.js';
import { useBalances } from '../balances/useBalances.js';
import { useKrwPrices, useTickers } from '../balances/useTickers.js';
import { isSmallBalance, sortByValue, valuePortfolio } from '../balances/valuation.js';
import { FillsList, HoldingsList, OpenOrdersList } from './CardSections.js';
import { dayPnl } from './dayPnl.js';
import { useAccountActivity } from './useAccountActivity.js';
import type { MonitorEntry } from './useMonitorAccounts.js';
import { headroomFor, type RateLimitEntry } from './useRateLimits.js';

export function AccountCard(props: {
  entry: MonitorEntry;
  symbols: readonly string[];
  rateLimits: readonly RateLimitEntry[];
  large?: boolean;
}) {
  const t = useT();
  const gateText = useGateText();
  const { entry, large } = props;
  const balGate = gate(entry.keyInfo, { permission: 'readBalances', accountSeq: entry.accountSeq });
  const ordGate = gate(entry.keyInfo, { permission: 'readOrders', accountSeq: entry.accountSeq });
  const balances = useBalances(entry.profileId, entry.accountSeq, balGate.ok);
  const activity = useAccountActivity(entry.profileId, entry.accountSeq, props.symbols, ordGate.ok);
  const prices = useKrwPrices();
  const tickers = useTickers().data;
  const status = useStreamStatus(privateStream(entry.profileId));
  const valuation = useMemo(
    () => (balances.data ? valuePortfolio(balances.data, prices) : null),
    [balances.data, prices],
  );
  const pnl24 = useMemo(
    () =>
      balances.data && tickers
        ? dayPnl(
            balances.data,
            activity.fills.map((f) => ({ ...f, fee: f.feeQty })),
            tickers,
          )
        : null,
    [balances.data, tickers, activity.fills],
  );
  const rows = valuation ? sortByValue(valuation.rows).filter((r) => !isSmallBalance(r)) : [];
  const headroom = headroomFor(props.rateLimits, entry.profileId, entry.accountSeq);
  const name = entry.accountName || (entry.accountSeq === 1 ? t('acc.mainAccount') : '');

  return (
    <article
      className={`flex h-full min-h-0 flex-col gap-2 overflow-hidden rounded border border-line bg-panel p-3 ${large ? 'text-[15px]' : 'text-[12px]'}`}
      data-testid="monitor-card"
      data-account={entry.accountSeq}
      data-profile={entry.profileId}
    >
      <header className="flex items-center gap-2">
        <span
          className={`inline-block h-2 w-2 rounded-full ${status === 'open' ? 'bg-emerald-500' : 'bg-warn'}`}
          title={t(`conn.${status}`)}
        />
        <h3 className={`font-semibold ${large ? 'text-[20px]' : 'text-[13px]'}`}>
          #{entry.accountSeq} {name}
        </h3>
        <span className="ml-auto truncate text-[11px] text-dim">{entry.profileLabel}</span>
      </header>
      <div className="flex items-end justify-between gap-3">
        <div>
          <div className="text-[0.85em] text-dim">{t('acc.mon.total')}</div>
          <div
            className={`num font-bold ${large ? 'text-[40px] leading-tight' : 'text-[24px]'}`}
            data-testid="card-total"
          >
            {valuation ? formatKrw(valuation.totalKrw) : '-'}
            <span className="ml-1 text-[0.4em] font-normal text-dim">KRW</span>
          </div>
        </div>
        <div className="text-right">
          <div className="text-[0.85em] text-dim">{t('acc.mon.dayPnl')}</div>
          <div
            className={`num font-semibold ${large ? 'text-[26px]' : 'text-[16px]'} ${signTone(pnl24?.pnl)}`}
            data-testid="card-pnl24"
          >
            {pnl24 ? formatKrw(pnl24.pnl) : '-'}
          </div>
          <div className={`num text-[0.85em] ${signTone(valuation?.totalPnl)}`}>
            {t('acc.pnl')}{' '}
            {valuation?.totalReturnPct
              ? `${formatKrw(valuation.totalPnl)} (${formatPercent(valuation.totalReturnPct)})`
              : '-'}
          </div>
        </div>
      </div>
      {!balGate.ok && <p className="text-warn">{gateText(balGate)}</p>}
      {!ordGate.ok && <p className="text-warn">{gateText(ordGate)}</p>}
      <div className="grid min-h-0 flex-1 grid-cols-2 gap-3 overflow-hidden">
        <div className="flex min-h-0 flex-col gap-2 overflow-hidden">
          <HoldingsList rows={rows} max={large ? 6 : 5} />
          <OpenOrdersList groups={activity.openOrders} />
        </div>
        <div className="min-h-0 overflow-hidden">
          <FillsList fills={activity.fills} max={large ? 10 : 8} />
        </div>
      </div>
      <footer
        className="flex flex-wrap gap-x-3 border-t border-line/60 pt-1 text-[0.85em] text-dim"
        data-testid="card-rate"
      >
        <span>{t('acc.mon.rate')}</span>
        {headroom.length === 0 && <span>-</span>}
        {headroom.slice(0, 3).map((h) => (
          <span
            key={`${h.class}:${h.accountSeq}`}
            className={`num ${h.remaining / h.limit < 0.2 ? 'text-warn' : ''}`}
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
