// Ledger reads yield to order traffic (issue 21 item 5). The proxy's rate limiter shapes every request
// per (profile, account, class) at the exchange's limits (spec 8.1: private reads 50/s, placements and
// cancels 30/s each, counted per user and account); the ledger adds its own, lower budget on top: at most
// `readsPerSec` of its reads per account, one at a time, and none while
// - the account's private-read bucket has less than `headroom` of its limit left or anything queued
//   (the browser's and the order path's reads come first), or
// - a placement or cancel of that account went out within `quietMs` (a burst is under way).
// So the sync takes only spare capacity, and placements and cancels never queue behind it.
import type { BucketKey, RateLimiter } from '../limiter/limiter.js';

export interface PacerOptions {
  readsPerSec?: number;
  headroom?: number;
  quietMs?: number;
  /** Longest a read waits for the account to go quiet before it goes anyway at the low rate. */
  maxWaitMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const keyOf = (profileId: string, accountSeq: number) => `${profileId}|${accountSeq}`;

export class LedgerPacer {
  private readonly lastOrderAt = new Map<string, number>();
  private readonly nextAt = new Map<string, number>();
  private readonly unwatch: () => void;
  private onOrderActivity: (profileId: string, accountSeq: number) => void = () => {};
  /** How often a read waited for order traffic or headroom (diagnostics, tests). */
  yielded = 0;

  constructor(
    private readonly limiter: RateLimiter,
    private readonly o: PacerOptions = {},
  ) {
    this.unwatch = limiter.watch((k: BucketKey) => {
      if ((k.limitClass === 'order' || k.limitClass === 'cancel') && k.profileId !== null) {
        const seq = k.accountSeq ?? 1;
        this.lastOrderAt.set(keyOf(k.profileId, seq), this.now());
        this.onOrderActivity(k.profileId, seq);
      }
    });
  }

  /** Called on every placement or cancel the proxy forwards (the sync reads fills after them). */
  onOrder(fn: (profileId: string, accountSeq: number) => void): void {
    this.onOrderActivity = fn;
  }

  private now(): number {
    return (this.o.now ?? Date.now)();
  }

  private busy(profileId: string, accountSeq: number): boolean {
    const last = this.lastOrderAt.get(keyOf(profileId, accountSeq));
    if (last !== undefined && this.now() - last < (this.o.quietMs ?? 1000)) return true;
    const st = this.limiter.peek({ profileId, accountSeq, limitClass: 'private' });
    if (!st) return false;
    return st.queued > 0 || st.remaining < st.limit * (this.o.headroom ?? 0.5);
  }

  /** Resolves when a ledger read for this account may go. */
  async turn(profileId: string, accountSeq: number, stopped: () => boolean = () => false): Promise<void> {
    const sleep = this.o.sleep ?? realSleep;
    const key = keyOf(profileId, accountSeq);
    const interval = 1000 / (this.o.readsPerSec ?? 5);
    const started = this.now();
    for (;;) {
      if (stopped()) return;
      const wait = (this.nextAt.get(key) ?? 0) - this.now();
      if (wait > 0) {
        await sleep(Math.min(wait, 250));
        continue;
      }
      if (this.busy(profileId, accountSeq) && this.now() - started < (this.o.maxWaitMs ?? 30_000)) {
        this.yielded++;
        await sleep(50);
        continue;
      }
      this.nextAt.set(key, this.now() + interval);
      return;
    }
  }

  close(): void {
    this.unwatch();
  }
}
