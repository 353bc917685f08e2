// The sandbox's replay state and controls, through the proxy (GET/POST /api/replay). Polled every
// second while a replay runs; one read otherwise (a sandbox on its own market answers active:false).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { proxyGet, proxyPost } from '../../lib/api.js';
import { qk } from '../../lib/queryKeys.js';
import { useSession } from '../../lib/session.js';

export interface ReplayAnswer {
  active: boolean;
  file?: string;
  pairs?: string[];
  positionMs?: number;
  durationMs?: number;
  speed?: number;
  paused?: boolean;
  ended?: boolean;
  loops?: number;
}

export type ReplayControl =
  | { action: 'pause' | 'resume' }
  | { action: 'speed'; value: number }
  | { action: 'seek'; value: number };

export function useReplay() {
  const session = useSession();
  const sandbox = session.data?.upstream.name === 'sandbox';
  return useQuery({
    queryKey: qk.replay(),
    queryFn: () => proxyGet<ReplayAnswer>('/api/replay'),
    enabled: sandbox,
    refetchInterval: (q) => (q.state.data?.active ? 1000 : false),
    staleTime: 30_000,
  });
}

export function useReplayControl() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: ReplayControl) => proxyPost<ReplayAnswer>('/api/replay', c),
    onSuccess: (data) => qc.setQueryData(qk.replay(), data),
  });
}
