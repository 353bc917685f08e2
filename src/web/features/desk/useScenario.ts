// The sandbox's demo scenario, through the proxy (GET/POST /api/desk/scenario; sandbox upstream only).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { proxyGet, proxyPost } from '../../lib/api.js';
import { useSession } from '../../lib/session.js';

export interface ScenarioState {
  name: string | null;
  caption: { ko: string; en: string } | null;
  startedAt: number | null;
  focus?: string;
  available: string[];
}

export const scenarioKey = ['desk', 'scenario'] as const;

export function useScenario() {
  const session = useSession();
  const sandbox = session.data?.upstream.name === 'sandbox';
  const q = useQuery({
    queryKey: scenarioKey,
    queryFn: () => proxyGet<ScenarioState>('/api/desk/scenario'),
    enabled: sandbox,
    refetchInterval: 5000,
  });
  return { ...q, sandbox };
}

export function useSetScenario() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => proxyPost<ScenarioState>('/api/desk/scenario', { name }),
    onSuccess: (data) => qc.setQueryData(scenarioKey, data),
  });
}

/** Seeds the demo user's 30-day history (once; later calls change nothing). */
export function useSeedHistory() {
  return useMutation({
    mutationFn: () =>
      proxyPost<ScenarioState & { seeded?: { orders: number; fills: number; funding: number } }>(
        '/api/desk/scenario',
        { history: true },
      ),
  });
}
