// The private-handshake refusal switch (admin `POST /admin/ws/refusePrivate {code|null, count?}`):
// while set, every private upgrade is answered as the live service answers a refused one, with the
// code's HTTP status and the JSON error envelope, before the key is even looked at. Handshake
// attempts are counted (refused or not) so tests can see how often a client knocks.
// Kept per sandbox, keyed by its FaultInjector (shared by the admin side and the WebSocket side).
import type { FaultInjector } from '../faults/index.js';

/** The codes the switch accepts and the status each is answered with (the verifier's statuses). */
export const REFUSAL_STATUS: Readonly<Record<string, number>> = {
  KEY_EXPIRED: 401,
  KEY_DEACTIVATED: 401,
  INVALID_SIGNATURE: 401,
  KEY_NOT_FOUND: 400,
  EXCEED_TIME_WINDOW: 400,
  IP_NOT_ALLOWED: 403,
  PERMISSION_DENIED: 403,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

export interface RefusalState {
  code: string | null;
  /** Refusals left before the switch turns itself off (null: until switched off). */
  remaining: number | null;
  /** Private handshakes seen since the sandbox started (refused or accepted). */
  attempts: number;
  /** Of those, refused by this switch. */
  refused: number;
}

export class PrivateRefusal {
  private s: RefusalState = { code: null, remaining: null, attempts: 0, refused: 0 };

  /** Sets or clears the switch; answers an error sentence for bad input. */
  set(code: unknown, count?: unknown): string | null {
    if (code === null || code === undefined || code === '') {
      this.s = { ...this.s, code: null, remaining: null };
      return null;
    }
    if (typeof code !== 'string' || !Object.hasOwn(REFUSAL_STATUS, code)) {
      return `code must be null or one of ${Object.keys(REFUSAL_STATUS).join(', ')}.`;
    }
    let remaining: number | null = null;
    if (count !== undefined && count !== null) {
      const n = Number(count);
      if (!Number.isInteger(n) || n < 1 || n > 1_000_000) return 'count must be a whole number from 1.';
      remaining = n;
    }
    this.s = { ...this.s, code, remaining };
    return null;
  }

  state(): RefusalState {
    return { ...this.s };
  }

  /** Called for every private upgrade: the refusal to answer with, or null to go on. */
  onAttempt(): { status: number; code: string } | null {
    this.s.attempts++;
    const code = this.s.code;
    if (!code) return null;
    this.s.refused++;
    if (this.s.remaining !== null && --this.s.remaining <= 0) {
      this.s.code = null;
      this.s.remaining = null;
    }
    return { status: REFUSAL_STATUS[code] ?? 401, code };
  }
}

const byFaults = new WeakMap<FaultInjector, PrivateRefusal>();

export function privateRefusal(faults: FaultInjector): PrivateRefusal {
  let r = byFaults.get(faults);
  if (!r) {
    r = new PrivateRefusal();
    byFaults.set(faults, r);
  }
  return r;
}
