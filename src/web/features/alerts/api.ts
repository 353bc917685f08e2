// The proxy's price-alert endpoints (/api/alerts) as plain calls and one TanStack Query hook.
import { useQuery } from '@tanstack/react-query';
import type { AlertPatch } from '../../../core/alerts/schema.js';
import type { AlertDef, AlertEvent, AlertList, AlertView } from '../../../core/alerts/types.js';
import { proxyDelete, proxyGet, proxyPost } from '../../lib/api.js';
import { qk } from '../../lib/queryKeys.js';

export type { AlertList, AlertView };
/** A firing as the browser receives it (the proxy's record, unchanged). */
export type AlertEventView = AlertEvent;

export const fetchAlerts = () => proxyGet<AlertList>('/api/alerts');
export const fetchEvents = (since: number) =>
  proxyGet<{ events: AlertEventView[]; lastEventId: number }>(`/api/alerts/events?since=${since}`);
export const createAlert = (def: AlertDef) => proxyPost<AlertView>('/api/alerts', def);
/** An edit goes as POST (the proxy takes PATCH or POST; the shared client speaks GET/POST/DELETE). */
export const editAlert = (id: string, patch: AlertPatch) =>
  proxyPost<AlertView>(`/api/alerts/${encodeURIComponent(id)}`, patch);
export const removeAlert = (id: string) =>
  proxyDelete<{ id: string }>(`/api/alerts/${encodeURIComponent(id)}`);
export const ackEvents = (body: { ids: number[] } | { upTo: number }) =>
  proxyPost<{ acked: number }>('/api/alerts/ack', body);

/** The alert list (refreshed by the watcher whenever a firing arrives). */
export function useAlerts() {
  return useQuery({ queryKey: qk.alerts(), queryFn: fetchAlerts, staleTime: 10_000 });
}
