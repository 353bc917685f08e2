// `POST /api/profiles/:id/retry`: the user asks to try a refused key again (its private stream
// reconnects now). Answers `{success, data: {retrying, profileHealth}}`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ProxyError } from '../errors.js';
import { sendJson } from '../http/respond.js';
import type { Keystore } from '../keystore/store.js';
import type { KeyProblem } from './health.js';

export interface KeyHealthDeps {
  snapshot(): Record<string, KeyProblem>;
  /** True when a parked private stream reconnects; else the recorded problem was cleared. */
  retry(profileId: string): boolean;
}

const RETRY = /^\/api\/profiles\/([A-Za-z0-9-]{1,64})\/retry$/;

/** Handles the retry route; false when the path is not this route. */
export function handleRetry(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  keystore: Keystore,
  health: KeyHealthDeps,
): boolean {
  const m = RETRY.exec(path);
  if (!m) return false;
  if (req.method !== 'POST') throw new ProxyError(405, 'METHOD_NOT_ALLOWED', `${req.method} ${path}`);
  const id = m[1]!;
  if (!keystore.get(id)) throw new ProxyError(404, 'PROFILE_NOT_FOUND', 'no profile with that id');
  const retrying = health.retry(id);
  sendJson(res, 200, { success: true, data: { retrying, profileHealth: health.snapshot() } });
  return true;
}

/** After a profile request: a changed default profile lets every refused profile try again. */
export function afterDefaultChange(before: string | null, after: string | null, health: KeyHealthDeps): void {
  if (before === after) return;
  for (const id of Object.keys(health.snapshot())) health.retry(id);
}
