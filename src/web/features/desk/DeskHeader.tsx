// The desk header: total value across every profile and account, day P&L since 00:00 KST
// (flows separated), open orders and fills today, the alerts, the thresholds and the kill switch.
import { useEffect, useMemo, useState } from 'react';
import { signTone } from '../../components/SummaryStrip.js';
import { useDeskPrefs, useDeskReports } from '../../lib/deskState.js';
import { formatKrw, formatKrwChange, useTimeFormat } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { publicStream, useStreamStatus } from '../../lib/ws.js';
import { type DeskAlert, deskAlerts } from './alerts.js';
import { deskTotals } from './deskTotals.js';
import { PnlUncertainMark } from './PnlUncertainMark.js';

/** A header control sized in em, so it scales with the wall's type. */
export function HeaderButton(
  props: React.ButtonHTMLAttributes<HTMLButtonElement> & { tone?: 'danger' | 'ghost' },
) {
  const { tone, className, ...rest } = props;
  const look =
    tone === 'danger'
      ? 'border border-danger/60 text-danger hover:bg-danger/10'
      : tone === 'ghost'
        ? 'text-dim hover:bg-panel2 hover:text-fg'
        : 'border border-line bg-panel2 text-fg hover:border-dim';
  return (
    <button
      type="button"
      className={`inline-flex h-[2em] items-center gap-[0.3em] whitespace-nowrap rounded px-[0.7em] text-[0.95em] font-medium ${look} ${className ?? ''}`}
      {...rest}
    />
  );
}

function Figure(props: {
  label: string;
  value: string;
  tone?: string;
  testId: string;
  big?: boolean;
  mark?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col whitespace-nowrap">
      <span className="text-[0.8em] text-dim" data-testid={`${props.testId}-label`}>
        {props.label}
      </span>
      <span
        className={`num font-bold leading-tight ${props.big ? 'text-[2em]' : 'text-[1.5em]'} ${props.tone ?? ''}`}
        data-testid={props.testId}
      >
        {props.value}
        {props.mark}
      </span>
    </div>
  );
}

export function useDeskTotals(ids: readonly string[]) {
  const reports = useDeskReports((s) => s.reports);
  return useMemo(
    () => deskTotals(ids.map((id) => reports[id]).filter((r) => r !== undefined)),
    [ids, reports],
  );
}

function alertText(t: ReturnType<typeof useT>, a: DeskAlert): string {
  return t(`desk.alert.${a.kind}`, {
    label: a.label,
    value: a.value ? formatKrw(a.value) : '',
    days: a.value ?? '',
  });
}

export function AlertStrip(props: { alerts: DeskAlert[]; presenter: boolean }) {
  const t = useT();
  if (props.alerts.length === 0) {
    return (
      <span className="whitespace-nowrap text-[0.85em] text-dim" data-testid="desk-alerts" data-count={0}>
        {t('desk.noAlerts')}
      </span>
    );
  }
  return (
    <ul
      className="flex min-w-0 flex-wrap gap-[0.4em]"
      data-testid="desk-alerts"
      data-count={props.alerts.length}
    >
      {props.alerts.map((a) => (
        <li
          key={a.id}
          className={`rounded border px-[0.5em] text-[0.85em] ${a.kind === 'keyExpiring' || a.kind === 'largeFill' ? 'border-warn/70 text-warn' : 'border-danger/70 text-danger'}`}
          data-testid="desk-alert"
          data-kind={a.kind}
        >
          {props.presenter ? t(`desk.alertShort.${a.kind}`) : alertText(t, a)}
        </li>
      ))}
    </ul>
  );
}

/** A whole-KRW threshold the desk's alerts compare against; anything but digits is dropped as typed. */
function KrwThresholdInput(props: {
  label: string;
  value: string;
  onChange: (krw: string) => void;
  testId: string;
}) {
  return (
    <label className="flex items-center gap-1">
      {props.label}
      <input
        className="num h-[1.9em] w-[9em] rounded border border-line bg-panel2 px-1 text-right"
        inputMode="numeric"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value.replace(/[^0-9]/g, ''))}
        data-testid={props.testId}
      />
    </label>
  );
}

export function DeskHeader(props: {
  ids: readonly string[];
  onKill: () => void;
  fontPx?: number;
  children?: React.ReactNode;
}) {
  const t = useT();
  const tf = useTimeFormat();
  const totals = useDeskTotals(props.ids);
  const prefs = useDeskPrefs();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  const publicStatus = useStreamStatus(publicStream);
  const alerts = useMemo(() => {
    const list = deskAlerts(totals.list, prefs, now);
    // the market-data stream feeds every card's prices: its outage is the first alert
    if (publicStatus === 'interrupted') {
      list.unshift({ id: 'public', kind: 'disconnected', accountId: '', label: t('desk.publicStream') });
    }
    return list;
  }, [totals.list, prefs, now, publicStatus, t]);
  const [editing, setEditing] = useState(false);

  return (
    <section
      className="flex flex-wrap items-center gap-x-[1.6em] gap-y-[0.4em] border-b border-line bg-panel px-[0.9em] py-[0.4em]"
      style={{ fontSize: props.fontPx ?? 12 }}
      data-testid="desk-header"
    >
      <Figure
        label={t('desk.totalEquity')}
        value={totals.equity ? `${formatKrw(totals.equity)} KRW` : '-'}
        testId="desk-equity"
        big
      />
      <Figure
        label={
          totals.dayFrom !== null
            ? t(totals.dayFromPartial ? 'desk.dayPnlSomeSince' : 'desk.dayPnlSince', {
                time: tf.time(totals.dayFrom).slice(0, 5),
              })
            : t('desk.dayPnl')
        }
        value={totals.dayPnl ? formatKrwChange(totals.dayPnl) : '-'}
        tone={signTone(totals.dayPnl)}
        testId="desk-daypnl"
        mark={<PnlUncertainMark lists={totals.uncertain} testId="desk-pnl-uncertain" />}
      />
      <Figure label={t('acc.mon.openOrders')} value={String(totals.openOrders)} testId="desk-open" />
      <Figure label={t('desk.fillsToday')} value={String(totals.fillsToday)} testId="desk-fills" />
      <div className="min-w-[7em] flex-1">
        <AlertStrip alerts={alerts} presenter={prefs.presenter} />
      </div>
      {editing ? (
        <div className="flex items-center gap-[0.5em] text-[0.9em]" data-testid="desk-thresholds">
          <KrwThresholdInput
            label={t('desk.floor')}
            value={prefs.krwFloor}
            onChange={(krwFloor) => prefs.set({ krwFloor })}
            testId="desk-floor"
          />
          <KrwThresholdInput
            label={t('desk.largeFill')}
            value={prefs.largeFillKrw}
            onChange={(largeFillKrw) => prefs.set({ largeFillKrw })}
            testId="desk-largefill"
          />
          <HeaderButton onClick={() => setEditing(false)}>{t('desk.done')}</HeaderButton>
        </div>
      ) : (
        <HeaderButton tone="ghost" onClick={() => setEditing(true)} data-testid="desk-edit-thresholds">
          {t('desk.thresholds')}
        </HeaderButton>
      )}
      <HeaderButton
        tone="danger"
        onClick={props.onKill}
        title={prefs.presenter ? undefined : 'Ctrl+Shift+K'}
        data-testid="kill-open"
      >
        {t('desk.kill.button')}
        {!prefs.presenter && <kbd className="text-[0.85em] opacity-70">Ctrl⇧K</kbd>}
      </HeaderButton>
      {props.children}
    </section>
  );
}

/** Ctrl+Shift+K opens the kill switch (monitor page and wall mode). */
export function useKillHotkey(open: () => void, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey && e.shiftKey && (e.key === 'K' || e.key === 'k')) {
        e.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, enabled]);
}
