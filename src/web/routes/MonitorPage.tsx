// #/monitor: a live card per allowed account across every key profile; wall mode for a desk screen.
import { useCallback, useMemo, useState } from 'react';
import { Button, EmptyState, ErrorState, Spinner } from '../components/index.js';
import { DeskHeader, useKillHotkey } from '../features/desk/DeskHeader.js';
import { KillSwitchDialog } from '../features/desk/KillSwitchDialog.js';
import { AccountCard } from '../features/monitor/AccountCard.js';
import { useRateLimits } from '../features/monitor/useRateLimits.js';
import { WallMode } from '../features/monitor/WallMode.js';
import { PnlPanel } from '../features/pnl/index.js';
import { useMonitorAccounts } from '../lib/accounts/useMonitorAccounts.js';
import { useT } from '../lib/i18n.js';
import { useCurrencyPairs } from '../lib/referenceData.js';
import { useSession } from '../lib/session.js';

export function MonitorPage() {
  const t = useT();
  const session = useSession();
  const [profileFilter, setProfileFilter] = useState<string>('all');
  const [wall, setWall] = useState(false);
  const profiles = useMemo(() => {
    const all = session.data?.profiles ?? [];
    return profileFilter === 'all' ? all : all.filter((p) => p.id === profileFilter);
  }, [session.data, profileFilter]);
  const { entries, loading, errors } = useMonitorAccounts(profiles);
  const pairs = useCurrencyPairs();
  const symbols = useMemo(
    () => (pairs.data ?? []).filter((p) => p.status === 'launched').map((p) => p.symbol),
    [pairs.data],
  );
  const rl = useRateLimits();
  const rateLimits = rl.data?.entries ?? [];
  const exitWall = useCallback(() => setWall(false), []);
  const [killOpen, setKillOpen] = useState(false);
  const openKill = useCallback(() => setKillOpen(true), []);
  useKillHotkey(openKill, !wall);
  const ids = useMemo(() => entries.map((e) => e.id), [entries]);

  return (
    <div className="flex h-full min-h-0 flex-col bg-bg" data-testid="monitor-page">
      <div className="flex h-9 shrink-0 items-center gap-3 border-b border-line px-3">
        <h1 className="text-[13px] font-semibold">{t('acc.mon.title')}</h1>
        <select
          className="h-7 rounded border border-line bg-panel2 px-2 text-[12px] text-fg"
          value={profileFilter}
          onChange={(e) => setProfileFilter(e.target.value)}
          data-testid="monitor-profile"
        >
          <option value="all">{t('acc.mon.allProfiles')}</option>
          {(session.data?.profiles ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
        <span className="text-[11px] text-dim">{entries.length}</span>
        <Button
          className="ml-auto"
          onClick={() => setWall(true)}
          disabled={entries.length === 0}
          data-testid="wall-open"
        >
          {t('acc.mon.wall')}
        </Button>
      </div>
      {entries.length > 0 && <DeskHeader ids={ids} onKill={openKill} />}
      {entries.length > 0 && <PnlPanel />}
      <div className="min-h-0 flex-1 overflow-auto p-2">
        {session.isError ? (
          <ErrorState error={session.error} />
        ) : loading && entries.length === 0 ? (
          <Spinner label={t('common.loading')} />
        ) : entries.length === 0 ? (
          errors[0] ? (
            <ErrorState error={errors[0]} />
          ) : (
            <EmptyState>{t('acc.mon.noAccounts')}</EmptyState>
          )
        ) : (
          <div
            className="grid gap-2"
            style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(600px, 1fr))' }}
          >
            {entries.map((e) => (
              <div key={e.id} className="min-h-[360px]">
                <AccountCard entry={e} symbols={symbols} rateLimits={rateLimits} />
              </div>
            ))}
          </div>
        )}
      </div>
      {!wall && <KillSwitchDialog open={killOpen} entries={entries} onClose={() => setKillOpen(false)} />}
      {wall && <WallMode entries={entries} symbols={symbols} rateLimits={rateLimits} onExit={exitWall} />}
    </div>
  );
}
