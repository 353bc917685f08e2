// Periodic valuation of every profile's accounts, on minute boundaries (so one sample lands on
// 00:00 KST): equity snapshots plus the day's external flows, kept in the DeskStore.
// Several profiles of one user (same userUuid) are sampled once, under that user.
import { DAY_MS } from '../../core/desk/dayPnl.js';
import type { UnreadList } from '../../core/desk/unread.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { Keystore } from '../keystore/store.js';
import type { Logger } from '../log.js';
import type { Sleep } from '../orders/retry.js';
import { type ProfileFundingMemo, readFlows } from './flowReader.js';
import { asList, codeOf, type ReadContext, readData } from './reads.js';
import type { DeskStore } from './store.js';
import { equityOf, krwPrices, type TickerLike } from './valuation.js';

export interface SampledAccount {
  owner: string;
  profileId: string;
  accountSeq: number;
  /**
   * What the last round could not read for this account (balance, flow lists, per-currency coin
   * lists): the desk's day P&L is uncertain while a flow list is among them.
   */
  unread: UnreadList[];
}

export interface SamplerOptions {
  keystore: Keystore;
  forwarder: Forwarder;
  store: DeskStore;
  log: Logger;
  /** Sampling period (default 60 s, aligned to its multiples). */
  periodMs?: number;
  now?: () => number;
  /** Injectable for tests (the retry backoff's waits). */
  sleep?: Sleep;
}

export class EquitySampler {
  private timer: NodeJS.Timeout | null = null;
  private inflight: Promise<void> | null = null;
  private stopped = false;
  private readonly memos = new Map<string, ProfileFundingMemo>();
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
    const ctx: ReadContext = { forwarder: this.o.forwarder, log: this.o.log, sleep: this.o.sleep };
    try {
      let prices: Map<string, string> | null = null;
      for (const p of this.o.keystore.list()) {
        if (this.stopped) return;
        try {
          const ki = (await readData(ctx, '/v2/currentKeyInfo', [], p.id)) as {
            userUuid?: string;
            allowedAccountSeqs?: number[];
            permissions?: string[];
          };
          const owner = ki.userUuid ?? `profile:${p.id}`;
          if (seen.has(owner)) continue;
          seen.add(owner);
          if (!prices) prices = krwPrices(asList(await readData(ctx, '/v2/tickers', [])) as TickerLike[]);
          const perms = new Set(ki.permissions ?? []);
          for (const seq of ki.allowedAccountSeqs ?? [1]) {
            const unread: UnreadList[] = [];
            accounts.push({ owner, profileId: p.id, accountSeq: seq, unread });
            let balances: { currency: string; balance: string }[] | null = null;
            if (perms.has('readBalances')) {
              try {
                balances = asList(
                  await readData(ctx, '/v2/balance', [['accountSeq', String(seq)]], p.id),
                ) as { currency: string; balance: string }[];
                this.o.store.addSnapshot(owner, seq, ts, equityOf(balances, prices).equityKrw);
              } catch (e) {
                unread.push({ list: 'balance', currency: null, code: codeOf(e), at: now });
              }
            }
            const r = await readFlows({
              ctx,
              profileId: p.id,
              accountSeq: seq,
              permissions: perms,
              prices,
              balances,
              history: this.o.store.flows(owner, seq, now - 3 * DAY_MS).map((f) => f.currency),
              memo: this.memoOf(p.id),
              now,
            });
            for (const fl of r.flows) this.o.store.addFlow(owner, seq, fl);
            unread.push(...r.unread);
            if (unread.length) {
              const what = unread.map((u) => `${u.list}${u.currency ? `:${u.currency}` : ''} ${u.code}`);
              this.o.log.warn(
                `equity sample of profile ${p.id} account ${seq} could not read ${what.join(', ')}`,
              );
            }
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

  /** What this profile's exchange answered about funding lists, kept across rounds. */
  private memoOf(profileId: string): ProfileFundingMemo {
    let m = this.memos.get(profileId);
    if (!m) {
      m = { modes: {} };
      this.memos.set(profileId, m);
    }
    return m;
  }
}
