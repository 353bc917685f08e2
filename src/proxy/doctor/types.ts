/**
 * Connection doctor: pure assessment of facts gathered from one upstream for one profile. Each line
 * is ok / warn / problem with, when not ok, the fix in one sentence, in Korean and English. The same
 * lines feed `npm run proxy -- doctor` and the Settings panel (GET /api/doctor).
 */

import type { DoctorText as Text } from '../../core/proxyApi/doctor.js';

export type { CheckStatus, DoctorLine, DoctorText as Text } from '../../core/proxyApi/doctor.js';

export type Outcome<T> = ({ ok: true } & T) | { ok: false; code: string; message: string };

export interface KeyInfoFacts {
  type: string;
  status: string;
  permissions: string[];
  whitelist?: string | null;
  expiration?: number | null;
  allowedAccountSeqs: number[];
}

export interface DoctorFacts {
  now: number;
  upstream: { name: string; restUrl: string; live: boolean };
  recvWindow: number;
  profile?: { id: string; label: string; type: string };
  /** GET /v2/time, several samples: median round trip and the server-minus-local offset. */
  time: Outcome<{ rttMs: number; offsetMs: number }>;
  /** GET /v2/ip: the caller's address as the exchange sees it. */
  ip: Outcome<{ ip: string }>;
  /** Signed GET /v2/currentKeyInfo (absent without a profile). */
  keyInfo?: Outcome<{ info: KeyInfoFacts }>;
  /** Rate-limit headers seen on the signed call (absent when none came). */
  rateLimit?: { limit: number; remaining: number; resetSec: number };
  /** Public WebSocket: connected and acknowledged a subscription. */
  stream: Outcome<{ ms: number }>;
}

/** What a dashboard user can do with each permission (the rest of the dashboard reads the same names). */

export const t = (ko: string, en: string): Text => ({ ko, en });

export function failed(o: { code: string; message: string }): Text {
  return t(`${o.message} (${o.code})`, `${o.message} (${o.code})`);
}
