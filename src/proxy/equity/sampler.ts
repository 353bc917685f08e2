// Periodic valuation of every profile's accounts, on minute boundaries (so one sample lands on
// 00:00 KST): equity snapshots plus the day's external flows, kept in the DeskStore.
// Several profiles of one user (same userUuid) are sampled once, under that user.
import type { Param } from '../../core/encode.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { Keystore } from '../keystore/store.js';
import type { Logger } from '../log.js';
import type { DeskStore } from './store.js';
import { equityOf, fundingFlows, krwPrices, type TickerLike, transferFlows } from './valuation.js';

export interface SampledAccount {
  owner: string;
  profileId: string;
  accountSeq: number;
}

export interface SamplerOptions {
  keystore: Keystore;
  forwarder: Forwarder;
  store: DeskStore;
  log: Logger;
  /** Sampling period (default 60 s, aligned to its multiples). */
  periodMs?: number;
  now?: () => number;
}

async function getData(f: Forwarder, path: string, params: Param[], profileId?: string): Promise<unknown> {
  const r = await f.execute({ method: 'GET', path, params, profileId });
  if (!r.envelope.success) throw new Error(`${path}: ${String(r.envelope.error?.message ?? r.status)}`);
  return r.envelope.data;
}

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export class EquitySampler {
  private timer: NodeJS.Timeout | null = null;
  private inflight: Promise<void> | null = null;
  private stopped = false;
  /** Accounts seen in the last round, with the profile that reads them. */
  accounts: SampledAccount[] = [];
  lastSampleAt = 0;

  constructor(private readonly o: SamplerOptions) {}

  get periodMs(): number {
    return this.o.periodMs ?? 60_000;
  }

  start(): void {
    this.stopped = false;
    void this.sample();
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    const now = Date.now();
    const wait = this.periodMs - (now % this.periodMs) + 5;
    this.timer = setTimeout(() => {
      void this.sample().finally(() => this.schedule());
    }, wait);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** One round over every profile (after the one in flight); errors are logged, never thrown. */
  async sample(): Promise<void> {
    while (this.inflight) await this.inflight;
    this.inflight = this.round().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async round(): Promise<void> {
    const now = (this.o.now ?? Date.now)();
    // a timer sample a few ms after a boundary (00:00 KST among them) is stamped on the boundary
    const ts = now % this.periodMs < 1000 ? now - (now % this.periodMs) : now;
    const seen = new Set<string>();
    const accounts: SampledAccount[] = [];
    try {
      let prices: Map<string, string> | null = null;
      for (const p of this.o.keystore.list()) {
        if (this.stopped) return;
        try {
          const ki = (await getData(this.o.forwarder, '/v2/currentKeyInfo', [], p.id)) as {
            userUuid?: string;
            allowedAccountSeqs?: number[];
            permissions?: string[];
          };
          const owner = ki.userUuid ?? `profile:${p.id}`;
          if (seen.has(owner)) continue;
          seen.add(owner);
          if (!prices)
            prices = krwPrices(asList(await getData(this.o.forwarder, '/v2/tickers', [])) as TickerLike[]);
          const perms = new Set(ki.permissions ?? []);
          for (const seq of ki.allowedAccountSeqs ?? [1]) {
            accounts.push({ owner, profileId: p.id, accountSeq: seq });
            if (perms.has('readBalances')) {
              const bal = asList(
                await getData(this.o.forwarder, '/v2/balance', [['accountSeq', String(seq)]], p.id),
              ) as { currency: string; balance: string }[];
              this.o.store.addSnapshot(owner, seq, ts, equityOf(bal, prices).equityKrw);
            }
            await this.sampleFlows(owner, p.id, seq, perms, prices);
          }
        } catch (e) {
          this.o.log.warn(`equity sample of profile ${p.id} failed: ${(e as Error).message}`);
        }
      }
      this.accounts = accounts;
      this.lastSampleAt = now;
      this.o.store.prune(now);
    } catch (e) {
      this.o.log.warn(`equity sample failed: ${(e as Error).message}`);
    }
  }

  private async sampleFlows(
    owner: string,
    profileId: string,
    seq: number,
    perms: Set<string>,
    prices: Map<string, string>,
  ): Promise<void> {
    const f = this.o.forwarder;
    const flows = [];
    const tryList = async (path: string, params: Param[] = []) => {
      try {
        return asList(await getData(f, path, params, profileId));
      } catch {
        return [];
      }
    };
    if (seq === 1 && perms.has('readDeposits')) {
      flows.push(...fundingFlows(await tryList('/v2/krw/recentDeposits'), 'deposit', 'krw', prices));
      flows.push(...fundingFlows(await tryList('/v2/coin/recentDeposits'), 'deposit', null, prices));
    }
    if (seq === 1 && perms.has('readWithdrawals')) {
      flows.push(...fundingFlows(await tryList('/v2/krw/recentWithdrawals'), 'withdrawal', 'krw', prices));
      flows.push(...fundingFlows(await tryList('/v2/coin/recentWithdrawals'), 'withdrawal', null, prices));
    }
    if (perms.has('readTransfers')) {
      const list = await tryList('/v2/recentAccountTransfers', [['accountSeq', String(seq)]]);
      flows.push(...transferFlows(list, seq, prices));
    }
    for (const fl of flows) this.o.store.addFlow(owner, seq, fl);
  }
}
