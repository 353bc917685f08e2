// Starts a kill-switch run on the proxy and follows it until its report is final.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { KillRun } from '../../../core/proxyApi/desk.js';
import { proxyGet, proxyPost } from '../../lib/api.js';
import { qk } from '../../lib/queryKeys.js';

export function useKillSwitch() {
  const qc = useQueryClient();
  const [run, setRun] = useState<KillRun | null>(null);
  const [error, setError] = useState<unknown>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const follow = useCallback(
    (id: string) => {
      const poll = async () => {
        try {
          const r = await proxyGet<KillRun>(`/api/desk/killswitch/${encodeURIComponent(id)}`);
          setRun(r);
          if (r.state !== 'done') {
            timer.current = setTimeout(poll, 300);
            return;
          }
          for (const t of r.targets)
            void qc.invalidateQueries({ queryKey: qk.account(t.profileId, t.accountSeq) });
        } catch (e) {
          setError(e);
        }
      };
      void poll();
    },
    [qc],
  );

  const start = useCallback(
    async (targets: { profileId: string; accountSeq: number }[]) => {
      setError(null);
      try {
        const r = await proxyPost<KillRun>('/api/desk/killswitch', { targets });
        setRun(r);
        follow(r.id);
      } catch (e) {
        setError(e);
      }
    },
    [follow],
  );

  const reset = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setRun(null);
    setError(null);
  }, []);

  return { run, error, start, reset };
}

/** Pure: per-outcome counts of a run. */
export function killCounts(run: KillRun | null) {
  const items = run?.items ?? [];
  return {
    found: run?.found ?? 0,
    done: items.length,
    canceled: items.filter((i) => i.outcome === 'canceled').length,
    alreadyClosed: items.filter((i) => i.outcome === 'alreadyClosed').length,
    failed: items.filter((i) => i.outcome === 'failed').length,
    listingErrors: run?.errors.length ?? 0,
  };
}
