// The key problem of a profile as the screen shows it: what the proxy told on the private socket
// (keyProblem / keyOk frames, pushed at once) and, until then, what GET /api/session says
// (`profileHealth`, also problems seen on REST). Each told change refreshes the session.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { proxyPost } from '../api.js';
import { qk } from '../queryKeys.js';
import { useSession } from '../session.js';
import { privateStream, useKeyProblem } from '../ws.js';

export interface KeyProblemView {
  code: string;
  /** Since when the proxy has known it (ms), or null. */
  since: number | null;
  /** The private stream stopped over it (else only REST calls were refused so far). */
  stopped: boolean;
  /** When the stream last told it in this tab (a refused retry tells it again), or null. */
  toldAt: number | null;
}

/** Pure: the stream's word wins; the session fills in before the stream has told anything. */
export function keyProblemOf(
  told: { code: string; at: number; seen: 'stream' | 'rest' } | null,
  fromSession: { code: string; since: number; seen: 'stream' | 'rest' } | undefined,
): KeyProblemView | null {
  if (told) {
    const since = fromSession?.code === told.code ? fromSession.since : told.at;
    return { code: told.code, since, stopped: told.seen === 'stream', toldAt: told.at };
  }
  return fromSession
    ? {
        code: fromSession.code,
        since: fromSession.since,
        stopped: fromSession.seen === 'stream',
        toldAt: null,
      }
    : null;
}

/** The active profile's key problem, or null. */
export function useProfileKeyProblem(profileId: string | null): KeyProblemView | null {
  const stream = profileId ? privateStream(profileId) : null;
  const told = useKeyProblem(stream);
  const session = useSession();
  const qc = useQueryClient();
  const toldCode = told?.code ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of the proxy's word
  useEffect(() => {
    // the proxy's word changed: re-read the session so both agree (keyOk clears a REST-seen one too)
    void qc.invalidateQueries({ queryKey: qk.session() });
  }, [toldCode, qc]);
  const fromSession = profileId ? session.data?.profileHealth?.[profileId] : undefined;
  return keyProblemOf(told, fromSession);
}

/** Asks the proxy to try the profile's key again (POST /api/profiles/:id/retry). */
export async function retryKey(profileId: string, qc: ReturnType<typeof useQueryClient>): Promise<void> {
  try {
    await proxyPost(`/profiles/${encodeURIComponent(profileId)}/retry`);
  } finally {
    await qc.invalidateQueries({ queryKey: qk.session() });
  }
}
