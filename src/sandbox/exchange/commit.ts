/**
 * Runs a command inside one SQLite transaction, flushes the ledger in it, and emits the queued bus
 * events only after the commit (so listeners never see uncommitted state).
 */
import type { SandboxBus, SandboxEvents } from '../context.js';
import type { Ledger } from '../ledger/ledger.js';
import type { Store } from '../store/db.js';
import type { BalanceRecord } from '../types.js';

type Queued = { [K in keyof SandboxEvents]: [K, SandboxEvents[K]] }[keyof SandboxEvents];

export class Committer {
  private queue: Queued[] = [];

  constructor(
    private readonly store: Store,
    private readonly ledger: Ledger,
    private readonly bus: SandboxBus,
  ) {}

  emit<K extends keyof SandboxEvents>(event: K, payload: SandboxEvents[K]): void {
    this.queue.push([event, payload] as Queued);
  }

  run<T>(fn: () => T): T {
    this.queue = [];
    let assets: Map<string, { userId: number; accountSeq: number; assets: BalanceRecord[] }>;
    const result = this.store.tx(() => {
      const r = fn();
      const changed = this.ledger.flush();
      assets = new Map();
      for (const c of changed) {
        const k = `${c.userId}:${c.accountSeq}`;
        let e = assets.get(k);
        if (!e) {
          e = { userId: c.userId, accountSeq: c.accountSeq, assets: [] };
          assets.set(k, e);
        }
        e.assets.push(this.ledger.record(c.currency, this.ledger.get(c.userId, c.accountSeq, c.currency)));
      }
      return r;
    });
    const q = this.queue;
    this.queue = [];
    for (const [event, payload] of q) this.safeEmit(event, payload);
    for (const e of assets!.values()) this.safeEmit('asset', e);
    return result;
  }

  private safeEmit(event: string, payload: unknown): void {
    try {
      (this.bus.emit as (e: string, p: unknown) => boolean)(event, payload);
    } catch {
      // a listener's failure must not break the command that already committed
    }
  }
}
