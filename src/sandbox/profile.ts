/**
 * Sandbox profiles. `standard` is the sandbox as it always was; `live-strict` takes the stricter
 * reading of every point docs/api-decisions.md marks as a guess, and fails the way the live service
 * can (docs/sandbox.md, "Profiles"):
 *  - coin deposit / withdrawal lists and lookups refuse a request without `currency`;
 *  - order rows (REST and the myOrder stream) carry no `closedAt` / `triggeredAt`;
 *  - the public `trade` stream's snapshot holds a single row;
 *  - GET /v2/balance leaves out the currencies held at zero;
 *  - a share of FIRST cancels of an order answers TRY_AGAIN (409), decided from the seed and the
 *    order id, so a run is repeatable whatever the order of requests;
 *  - a share of GET reads (not /v2/time) answers 503 SERVICE_UNAVAILABLE (carried out by the fault
 *    injector, which logs and counts it as `readFail`).
 * The two shares can be changed at run time (POST /admin/profile) in either profile.
 */

export const PROFILE_NAMES = ['standard', 'live-strict'] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];

export const isProfileName = (v: unknown): v is ProfileName =>
  typeof v === 'string' && (PROFILE_NAMES as readonly string[]).includes(v);

export interface ProfileState {
  profile: ProfileName;
  /** Share (0..1) of first cancels of an order that answer TRY_AGAIN. */
  tryAgainCancelShare: number;
  /** Share (0..1) of GET reads (not /v2/time) that answer 503 SERVICE_UNAVAILABLE. */
  readFailShare: number;
  /** The strict readings in force (empty in the standard profile). */
  strictReadings: string[];
}

export const STRICT_DEFAULTS = { tryAgainCancelShare: 0.3, readFailShare: 0.03 } as const;

const STRICT_READINGS = [
  'currencyRequiredOnCoinFunding',
  'noCloseTimesOnOrders',
  'oneRowTradeSnapshot',
  'noZeroBalanceRows',
] as const;

/** Orders whose first cancel has been seen are remembered up to this many (oldest forgotten first). */
const SEEN_MAX = 200_000;

type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

/** A uniform number in [0, 1) from two integers (SplitMix32-style mix; no state). */
export function unitHash(seed: number, n: number): number {
  let h = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(n | 0, 0x85ebca77) ^ Math.floor(n / 2 ** 32)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x21f0aaad) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x735a2d97) >>> 0;
  h = (h ^ (h >>> 15)) >>> 0;
  return h / 2 ** 32;
}

function share(v: unknown, name: string): Parsed<number | undefined> {
  if (v === undefined) return { ok: true, value: undefined };
  const x = typeof v === 'string' && /^\d{1,3}(\.\d{1,12})?$/.test(v) ? Number(v) : v;
  if (typeof x !== 'number' || !Number.isFinite(x) || x < 0 || x > 1) {
    return { ok: false, reason: `${name} must be a number from 0 to 1.` };
  }
  return { ok: true, value: x };
}

export class SandboxProfile {
  private tryAgainShare: number;
  private readShare: number;
  private readonly seenCancels = new Set<number>();

  constructor(
    readonly name: ProfileName = 'standard',
    private readonly seed = 1,
  ) {
    this.tryAgainShare = this.strict ? STRICT_DEFAULTS.tryAgainCancelShare : 0;
    this.readShare = this.strict ? STRICT_DEFAULTS.readFailShare : 0;
  }

  get strict(): boolean {
    return this.name === 'live-strict';
  }
  get readFailShare(): number {
    return this.readShare;
  }
  get tryAgainCancelShare(): number {
    return this.tryAgainShare;
  }
  /** Coin deposit / withdrawal lists and lookups require `currency`. */
  get requiresFundingCurrency(): boolean {
    return this.strict;
  }
  /** Order rows omit `closedAt` and `triggeredAt`. */
  get omitsCloseTimes(): boolean {
    return this.strict;
  }
  /** GET /v2/balance leaves out the currencies held at zero. */
  get omitsZeroBalances(): boolean {
    return this.strict;
  }
  /** Rows in the public trade stream's snapshot. */
  tradeSnapshotRows(standard: number): number {
    return this.strict ? 1 : standard;
  }

  /**
   * Whether this cancel of `orderId` answers TRY_AGAIN: only the first cancel of an order is asked,
   * and the answer depends only on the seed and the id. Later cancels of the same order go through.
   */
  refusesCancel(orderId: number): boolean {
    if (this.seenCancels.has(orderId)) return false;
    if (this.seenCancels.size >= SEEN_MAX) {
      const oldest = this.seenCancels.values().next().value;
      if (oldest !== undefined) this.seenCancels.delete(oldest);
    }
    this.seenCancels.add(orderId);
    return this.tryAgainShare > 0 && unitHash(this.seed ^ 0x7a11, orderId) < this.tryAgainShare;
  }

  /** Changes the shares (admin API). Invalid input changes nothing. */
  configure(input: unknown): Parsed<ProfileState> {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return { ok: false, reason: 'The profile settings must be a JSON object.' };
    }
    const i = input as Record<string, unknown>;
    for (const k of Object.keys(i)) {
      if (k !== 'tryAgainCancelShare' && k !== 'readFailShare') {
        return { ok: false, reason: `Unknown field ${k} (tryAgainCancelShare, readFailShare).` };
      }
    }
    const t = share(i.tryAgainCancelShare, 'tryAgainCancelShare');
    if (!t.ok) return t;
    const r = share(i.readFailShare, 'readFailShare');
    if (!r.ok) return r;
    if (t.value !== undefined) this.tryAgainShare = t.value;
    if (r.value !== undefined) this.readShare = r.value;
    return { ok: true, value: this.state() };
  }

  state(): ProfileState {
    return {
      profile: this.name,
      tryAgainCancelShare: this.tryAgainShare,
      readFailShare: this.readShare,
      strictReadings: this.strict ? [...STRICT_READINGS] : [],
    };
  }
}
