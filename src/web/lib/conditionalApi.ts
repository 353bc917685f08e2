// The proxy's conditional-order endpoints as TanStack Query hooks.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CondDefinition, CondStatus } from '../../core/conditional/types.js';
import type { ArmPreview, CondEngineStatus, CondView } from '../../core/conditional/wire.js';
import { proxyDelete, proxyGet, proxyPost } from './api.js';
import { qk } from './queryKeys.js';
import { useActiveAccountSeq, useActiveProfileId } from './session.js';

export type { CondView };
export type Preview = ArmPreview;

const LIVE: readonly CondStatus[] = ['arming', 'entryOpen', 'armed', 'triggered'];
export const isLive = (c: CondView) => LIVE.includes(c.status);

/** All conditional orders the proxy holds; polled quickly while any is live. */
export function useConditionals() {
  return useQuery({
    queryKey: qk.conditionalList(),
    queryFn: () => proxyGet<{ entries: CondView[] }>('/api/conditional?limit=200').then((d) => d.entries),
    refetchInterval: (q) => ((q.state.data ?? []).some(isLive) ? 1000 : 5000),
  });
}

/** Those of the active key profile and account, like every other order list of the trading screen. */
export function useMyConditionals() {
  const profileId = useActiveProfileId();
  const accountSeq = useActiveAccountSeq();
  const q = useConditionals();
  const all = q.data;
  // stable between polls that change nothing (structural sharing), so chart lines are not redrawn
  const data = useMemo(
    () => all?.filter((c) => (!profileId || c.profileId === profileId) && (c.accountSeq ?? 1) === accountSeq),
    [all, profileId, accountSeq],
  );
  return { ...q, data };
}

export function useEngineStatus() {
  return useQuery({
    queryKey: qk.conditionalStatus(),
    queryFn: () => proxyGet<CondEngineStatus>('/api/conditional/status'),
    refetchInterval: 2000,
  });
}

export interface ArmInput {
  profileId: string | null;
  accountSeq: number;
  definition: CondDefinition;
}
const body = (i: ArmInput) => ({
  definition: i.definition,
  accountSeq: i.accountSeq,
  ...(i.profileId ? { profileId: i.profileId } : {}),
});

export const previewConditional = (i: ArmInput) => proxyPost<Preview>('/api/conditional/preview', body(i));

export function useArm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (i: ArmInput) => proxyPost<{ conditional: CondView }>('/api/conditional', body(i)),
    onSettled: () => qc.invalidateQueries({ queryKey: qk.conditional() }),
  });
}

export function useCancelConditional() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => proxyDelete<CondView>(`/api/conditional/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: qk.conditional() }),
  });
}

export const moveLevel = (id: string, leg: number, level: string) =>
  proxyPost<CondView>(`/api/conditional/${id}/level`, { leg, level });
