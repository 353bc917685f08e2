// Why order entry is disabled right now (an i18n key), or null when orders may be sent: the session
// ended, the proxy is unreachable, or the market / private stream is reconnecting. Read by the order
// ticket's submit button; clears by itself on recovery.
import { useActiveProfileId } from '../session.js';
import { privateStream, publicStream, type StreamStatus, useKeyProblem, useStreamStatus } from '../ws.js';
import type { ProxyHealth } from './freshness.js';
import { useHealth } from './health.js';

export function orderBlockReason(
  proxy: ProxyHealth,
  pub: StreamStatus,
  priv: StreamStatus,
  keyRefused = false,
): string | null {
  if (proxy === 'ended') return 'live.block.session';
  if (proxy === 'unreachable') return 'live.block.proxy';
  if (pub === 'interrupted') return 'live.block.public';
  // the proxy stopped the private stream over a refused key: not "reconnecting"
  if (priv === 'interrupted' && keyRefused) return 'live.block.key';
  if (priv === 'interrupted') return 'live.block.private';
  return null;
}

export function useOrderBlock(): string | null {
  const proxy = useHealth((s) => s.proxy);
  const profileId = useActiveProfileId();
  const pub = useStreamStatus(publicStream);
  const stream = profileId ? privateStream(profileId) : null;
  const priv = useStreamStatus(stream);
  const key = useKeyProblem(stream);
  return orderBlockReason(proxy, pub, priv, key !== null);
}
