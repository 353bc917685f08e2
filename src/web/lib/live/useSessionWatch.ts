// Keeps the session health honest while something is wrong: while the proxy is unreachable, the
// session has ended, or a stream is reconnecting, /api/session is probed every 2 s (lib/api.ts
// records each answer in the health store). When the proxy answers again every query is refetched
// (views rebuild from fresh snapshots); a private stream that reopens refetches its profile's data.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { proxyGet } from '../api.js';
import { qk } from '../queryKeys.js';
import { useActiveProfileId } from '../session.js';
import { privateStream, publicStream, useStreamStatus } from '../ws.js';
import { installCrossTab } from './crossTab.js';
import { useHealth } from './health.js';
import { installLivePoll } from './poller.js';

export const PROBE_MS = 2000;

export function useSessionWatch(): void {
  const qc = useQueryClient();
  const proxy = useHealth((s) => s.proxy);
  const profileId = useActiveProfileId();
  const pub = useStreamStatus(publicStream);
  const priv = useStreamStatus(profileId ? privateStream(profileId) : null);
  useEffect(() => installCrossTab(qc), [qc]);
  useEffect(() => installLivePoll(qc), [qc]);
  const troubled = proxy !== 'ok' || pub === 'interrupted' || priv === 'interrupted';

  useEffect(() => {
    if (!troubled) return;
    const id = setInterval(() => void proxyGet('/session').catch(() => {}), PROBE_MS);
    return () => clearInterval(id);
  }, [troubled]);

  const prev = useRef(proxy);
  useEffect(() => {
    const was = prev.current;
    prev.current = proxy;
    if (was !== 'ok' && proxy === 'ok') void qc.invalidateQueries();
  }, [proxy, qc]);

  useEffect(() => {
    if (!profileId) return;
    let wasDown = false;
    return privateStream(profileId).onStatus((s) => {
      if (s === 'interrupted') wasDown = true;
      else if (s === 'open' && wasDown) {
        wasDown = false;
        void qc.invalidateQueries({ queryKey: qk.profile(profileId) });
      }
    });
  }, [profileId, qc]);
}
