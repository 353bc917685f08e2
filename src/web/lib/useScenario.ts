// The sandbox's demo scenario, through the proxy (GET/POST /api/desk/scenario; sandbox upstream only).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScenarioAnswer } from '../../core/scenarios.js';
import { proxyGet, proxyPost } from './api.js';
import { qk } from './queryKeys.js';
import { useSession } from './session.js';

export function useScenario() {
  const session = useSession();
  const sandbox = session.data?.upstream.name === 'sandbox';
  const q = useQuery({
    queryKey: qk.deskScenario(),
    queryFn: () => proxyGet<ScenarioAnswer>('/api/desk/scenario'),
    enabled: sandbox,
    refetchInterval: 5000,
  });
  return { ...q, sandbox };
}

export function useSetScenario() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => proxyPost<ScenarioAnswer>('/api/desk/scenario', { name }),
    onSuccess: (data) => qc.setQueryData(qk.deskScenario(), data),
  });
}

/** Seeds the demo user's 30-day history (once; later calls change nothing). */
export function useSeedHistory() {
  return useMutation({
    mutationFn: () =>
      proxyPost<ScenarioAnswer & { seeded?: { orders: number; fills: number; funding: number } }>(
        '/api/desk/scenario',
        { history: true },
      ),
  });
}
