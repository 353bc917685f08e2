// Kill switch: one confirmation, then progress and the final report of what was canceled and
// what failed. Every account is selected by default; the desk may narrow the set.
import { useEffect, useState } from 'react';
import { Button, Dialog, ErrorState } from '../../components/index.js';
import type { MonitorEntry } from '../../lib/accounts/useMonitorAccounts.js';
import { useT } from '../../lib/i18n.js';
import { killCounts, useKillSwitch } from './useKillSwitch.js';

export function KillSwitchDialog(props: { open: boolean; entries: MonitorEntry[]; onClose: () => void }) {
  const t = useT();
  const ks = useKillSwitch();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const { open, entries } = props;
  const { reset } = ks;
  useEffect(() => {
    if (open) {
      setChosen(new Set(entries.map((e) => e.id)));
      reset();
    }
  }, [open, entries, reset]);
  const c = killCounts(ks.run);
  const running = ks.run !== null && ks.run.state !== 'done';
  const done = ks.run?.state === 'done';
  const targets = entries.filter((e) => chosen.has(e.id));
  const toggle = (id: string) =>
    setChosen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  return (
    <Dialog
      open={open}
      onClose={props.onClose}
      title={t('desk.kill.title')}
      width={520}
      testId="kill-dialog"
      footer={
        <>
          <Button onClick={props.onClose} data-testid="kill-close">
            {done ? t('desk.kill.closeReport') : t('common.cancel')}
          </Button>
          {!ks.run && (
            <Button
              variant="down"
              autoFocus
              disabled={targets.length === 0}
              onClick={() =>
                void ks.start(targets.map((e) => ({ profileId: e.profileId, accountSeq: e.accountSeq })))
              }
              data-testid="kill-confirm"
            >
              {t('desk.kill.confirm', { n: targets.length })}
            </Button>
          )}
        </>
      }
    >
      {!ks.run && (
        <div className="flex flex-col gap-2">
          <p>{t('desk.kill.explain')}</p>
          <div className="flex gap-2">
            <Button size="xs" onClick={() => setChosen(new Set(entries.map((e) => e.id)))}>
              {t('desk.kill.all')}
            </Button>
            <Button size="xs" onClick={() => setChosen(new Set())}>
              {t('desk.kill.none')}
            </Button>
          </div>
          <ul className="max-h-60 overflow-auto rounded border border-line">
            {entries.map((e) => (
              <li
                key={e.id}
                className="flex items-center gap-2 border-b border-line/50 px-2 py-1 last:border-0"
              >
                <input
                  type="checkbox"
                  id={`kill-${e.id}`}
                  checked={chosen.has(e.id)}
                  onChange={() => toggle(e.id)}
                  data-testid="kill-target"
                />
                <label htmlFor={`kill-${e.id}`} className="flex-1">
                  #{e.accountSeq} {e.accountName} <span className="text-dim">· {e.profileLabel}</span>
                </label>
              </li>
            ))}
          </ul>
        </div>
      )}
      {ks.error !== null && <ErrorState error={ks.error} />}
      {ks.run && (
        <div className="flex flex-col gap-2" data-testid="kill-progress" data-state={ks.run.state}>
          <div className="h-2 w-full overflow-hidden rounded bg-panel2">
            <div
              className="h-full bg-accent transition-[width]"
              style={{ width: `${c.found ? (c.done / c.found) * 100 : done ? 100 : 5}%` }}
            />
          </div>
          <p className="num">
            {running && ks.run.state === 'listing'
              ? t('desk.kill.listing')
              : t('desk.kill.progress', { done: c.done, found: c.found })}
          </p>
          {done && (
            <div className="num grid grid-cols-2 gap-x-4" data-testid="kill-report">
              <span>{t('desk.kill.canceled')}</span>
              <span className="text-right" data-testid="kill-canceled">
                {c.canceled}
              </span>
              <span>{t('desk.kill.alreadyClosed')}</span>
              <span className="text-right">{c.alreadyClosed}</span>
              <span className={c.failed ? 'text-danger' : ''}>{t('desk.kill.failed')}</span>
              <span className={`text-right ${c.failed ? 'text-danger' : ''}`} data-testid="kill-failed">
                {c.failed}
              </span>
              <span className={c.listingErrors ? 'text-danger' : ''}>{t('desk.kill.listingErrors')}</span>
              <span className="text-right">{c.listingErrors}</span>
            </div>
          )}
          {done && (c.failed > 0 || c.listingErrors > 0) && (
            <ul className="max-h-40 overflow-auto text-[11px] text-danger">
              {ks.run.items
                .filter((i) => i.outcome === 'failed')
                .map((i) => (
                  <li key={`${i.profileId}:${i.accountSeq}:${i.orderId}`}>
                    #{i.accountSeq} {i.symbol} {i.orderId}: {i.code}
                  </li>
                ))}
              {ks.run.errors.map((e) => (
                <li key={`${e.profileId}:${e.accountSeq}:${e.symbol ?? ''}`}>
                  #{e.accountSeq} {e.symbol ?? ''}: {e.code}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}
