// Health of the browser's link to the proxy session, fed by every REST answer (lib/api.ts) and by
// the session probe (useSessionWatch): 'ended' means the proxy refused the session cookie (a new
// token after `session rotate`), 'unreachable' that the proxy did not answer at all.
import { create } from 'zustand';
import type { ProxyHealth } from './freshness.js';

interface HealthState {
  proxy: ProxyHealth;
  /** When the current non-ok state began. */
  since: number | null;
}

export const useHealth = create<HealthState>(() => ({ proxy: 'ok', since: null }));

/** Classifies one proxy answer: HTTP status (0 when no answer) and the envelope's code, if any. */
export function healthOf(status: number, code: string | null): ProxyHealth {
  if (status === 0) return 'unreachable';
  if (status === 401 && (code === null || code === 'UNAUTHORIZED_SESSION')) return 'ended';
  return 'ok';
}

export function noteProxyAnswer(status: number, code: string | null = null): void {
  const next = healthOf(status, code);
  const cur = useHealth.getState();
  if (cur.proxy === next) return;
  useHealth.setState({ proxy: next, since: next === 'ok' ? null : Date.now() });
}
