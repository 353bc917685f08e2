// The ledger sync service: which accounts exist (each profile's key info; several keys of one user are
// read once, under the first profile), which pairs are launched, and when to read: at start, every
// `periodMs`, after any placement or cancel the proxy forwards (fills of that account, a moment later)
// and when asked. One round at a time; accounts one after another; every read paced (pacer.ts).

import type { LedgerErrorNote } from '../../core/proxyApi/ledger.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { Keystore } from '../keystore/store.js';
import type { RateLimiter } from '../limiter/limiter.js';
import type { Logger } from '../log.js';
import { launchedSymbols } from '../relay/pairList.js';
import { discoverAccounts, type SyncAccount } from './discover.js';
import { LedgerPacer, type PacerOptions } from './pacer.js';
import { asApiError, asList, type LedgerReader, ledgerReader } from './reader.js';
import type { LedgerList } from './records.js';
import type { LedgerStore } from './store.js';
import {
  type AccountRef,
  type CoinListState,
  type ListContext,
  syncCoin,
  syncKrw,
  syncTrades,
  syncTransfers,
} from './syncLists.js';

export type ErrorNote = LedgerErrorNote;

export interface AccountRuntime {
  syncing: boolean;
  lastSyncAt: number | null;
  lastError?: ErrorNote;
  listErrors: Map<LedgerList, ErrorNote>;
}

export interface LedgerSyncOptions {
  store: LedgerStore;
  forwarder: Forwarder;
  keystore: Keystore;
  limiter: RateLimiter;
  log: Logger;
  /** Timer period (default 5 minutes; 0 = no timer). */
  periodMs?: number;
  /** Wait after a placement or cancel before the fills are read (default 2 s). */
  afterOrderMs?: number;
  /** Wait after a myTrade frame before the fills are read (default 500 ms). */
  afterFrameMs?: number;
  pacer?: PacerOptions;
  pageLimit?: number;
  now?: () => number;
}

type Want = 'all' | 'trades';
const INFO_TTL_MS = 10 * 60_000;
export const accountKey = (profileId: string, seq: number) => `${profileId}:${seq}`;

export class LedgerSync {
  readonly pacer: LedgerPacer;
  private readonly reader: LedgerReader;
  private readonly ctx: ListContext;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly orderTimers = new Map<string, NodeJS.Timeout>();
  private readonly pending = new Map<string, Want>();
  private running: Promise<void> | null = null;
  private accountsAt = 0;
  private pairsAt = 0;
  private pairs: string[] = [];
  private readonly coinStates = new Map<string, CoinListState>();
  accounts: SyncAccount[] = [];
  /** The owner (user) of every profile, also of the keys whose accounts another profile reads. */
  readonly ownerOf = new Map<string, string>();
  readonly runtime = new Map<string, AccountRuntime>();

  constructor(private readonly o: LedgerSyncOptions) {
    this.pacer = new LedgerPacer(o.limiter, o.pacer);
    this.reader = ledgerReader({
      forwarder: o.forwarder,
      pacer: this.pacer,
      log: o.log,
      stopped: () => this.closed,
    });
    this.ctx = { store: o.store, reader: this.reader, now: () => this.now(), pageLimit: o.pageLimit };
    this.pacer.onOrder((profileId, seq) => this.afterOrder(profileId, seq));
  }

  private now(): number {
    return (this.o.now ?? Date.now)();
  }

  start(): void {
    this.request();
    const period = this.o.periodMs ?? 5 * 60_000;
    if (period > 0) {
      this.timer = setInterval(() => this.request(), period);
      this.timer.unref();
    }
  }

  /** Asks for a sync of the given accounts ("profileId:seq"; all when absent). Resolves when it ran. */
  request(accounts?: readonly string[], want: Want = 'all'): Promise<void> {
    for (const k of accounts ?? ['*']) {
      if (this.pending.get(k) !== 'all') this.pending.set(k, want);
    }
    return this.kick();
  }

  /** A private frame the relay routed: a myTrade means fills to read for that account. Never throws. */
  onPrivateFrame(profileId: string, frame: Record<string, unknown>): void {
    if (frame.channelType !== 'myTrade') return;
    const t = frame.trade as { accountSeq?: unknown } | undefined;
    const seq = typeof t?.accountSeq === 'number' && Number.isSafeInteger(t.accountSeq) ? t.accountSeq : 1;
    this.afterOrder(profileId, seq, this.o.afterFrameMs ?? 500);
  }

  private afterOrder(profileId: string, seq: number, delayMs = this.o.afterOrderMs ?? 2000): void {
    if (this.closed) return;
    const k = accountKey(profileId, seq);
    clearTimeout(this.orderTimers.get(k));
    const t = setTimeout(() => {
      this.orderTimers.delete(k);
      void this.request([k], 'trades');
    }, delayMs);
    t.unref();
    this.orderTimers.set(k, t);
  }

  private kick(): Promise<void> {
    if (!this.running) {
      this.running = this.loop().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private async loop(): Promise<void> {
    while (this.pending.size && !this.closed) {
      const wanted = new Map(this.pending);
      this.pending.clear();
      try {
        await this.discover();
      } catch (e) {
        this.o.log.warn(`ledger: could not list the accounts: ${asApiError(e).code}`);
        return;
      }
      for (const a of this.accounts) {
        if (this.closed) return;
        const want = this.wantOf(wanted, a);
        if (want) await this.syncAccount(a, want);
      }
    }
  }

  /** What was asked for this account: by the reading profile, another key of the same user, or all. */
  private wantOf(wanted: ReadonlyMap<string, Want>, a: SyncAccount): Want | undefined {
    let want = wanted.get('*');
    for (const [k, w] of wanted) {
      const i = k.lastIndexOf(':');
      const p = k.slice(0, i);
      if (Number(k.slice(i + 1)) !== a.accountSeq) continue;
      if (p !== a.profileId && this.ownerOf.get(p) !== a.owner) continue;
      if (want !== 'all') want = w;
    }
    return want;
  }

  /** Accounts of every profile (key info, re-read every 10 minutes) and the launched pairs. */
  private async discover(): Promise<void> {
    const now = this.now();
    if (now - this.accountsAt > INFO_TTL_MS || !this.accounts.length) {
      const d = await discoverAccounts(this.reader, this.o.keystore);
      for (const [p, owner] of d.ownerOf) this.ownerOf.set(p, owner);
      this.accounts = d.accounts;
      this.accountsAt = now;
      this.o.store.setAccounts(d.accounts);
      // a profile whose key cannot be read: its accounts (as last known) are not being read
      for (const f of d.failures) {
        this.o.log.warn(`ledger: key info of profile ${f.profileId} could not be read: ${f.code}`);
        for (const a of this.o.store.knownAccounts().filter((k) => k.profileId === f.profileId)) {
          const rt = this.runtimeOf(a);
          rt.lastError = { code: f.code, message: f.message, at: now };
          for (const c of this.o.store.cursors(a.owner, a.accountSeq))
            rt.listErrors.set(c.list, rt.lastError);
        }
      }
    }
    if (now - this.pairsAt > INFO_TTL_MS || !this.pairs.length) {
      const first = this.accounts[0];
      const data = await this.reader.read('/v2/currencyPairs', [], first?.profileId ?? '', 1);
      this.pairs = launchedSymbols(data) ?? [];
      this.pairsAt = now;
    }
  }

  runtimeOf(a: AccountRef): AccountRuntime {
    const k = accountKey(a.profileId, a.accountSeq);
    let r = this.runtime.get(k);
    if (!r) {
      r = { syncing: false, lastSyncAt: null, listErrors: new Map() };
      this.runtime.set(k, r);
    }
    return r;
  }

  private async syncAccount(a: SyncAccount, want: Want): Promise<void> {
    const rt = this.runtimeOf(a);
    rt.syncing = true;
    let failed: ErrorNote | undefined;
    const step = async (list: LedgerList, fn: () => Promise<unknown>) => {
      if (this.closed) return;
      try {
        await fn();
        rt.listErrors.delete(list);
      } catch (e) {
        const err = asApiError(e);
        const code = (e as { code?: unknown }).code === 'LEDGER_INCOMPLETE' ? 'LEDGER_INCOMPLETE' : err.code;
        failed = { code, message: err.description, at: this.now() };
        rt.listErrors.set(list, failed);
        this.o.log.warn(`ledger: ${list} of ${a.profileId}:${a.accountSeq} not read: ${code}`);
      }
    };
    const perms = a.permissions;
    if (perms.has('readOrders')) {
      await step('trades', async () => {
        let firstError: unknown = null;
        for (const s of this.pairs) {
          if (this.closed) return;
          try {
            await syncTrades(this.ctx, a, s);
          } catch (e) {
            firstError ??= e;
          }
        }
        if (firstError) throw firstError;
      });
    }
    if (want === 'all') {
      if (perms.has('readTransfers')) await step('transfers', () => syncTransfers(this.ctx, a));
      if (a.accountSeq === 1 && perms.has('readDeposits')) {
        await step('krwDeposits', () => syncKrw(this.ctx, a, 'krwDeposits'));
        await step('coinDeposits', () => this.coin(a, 'coinDeposits'));
      }
      if (a.accountSeq === 1 && perms.has('readWithdrawals')) {
        await step('krwWithdrawals', () => syncKrw(this.ctx, a, 'krwWithdrawals'));
        await step('coinWithdrawals', () => this.coin(a, 'coinWithdrawals'));
      }
    }
    rt.syncing = false;
    rt.lastSyncAt = this.now();
    rt.lastError = failed;
  }

  private async coin(a: SyncAccount, list: 'coinDeposits' | 'coinWithdrawals'): Promise<void> {
    const k = `${a.profileId}:${list}`;
    const state = this.coinStates.get(k) ?? {};
    this.coinStates.set(k, state);
    const known = async () => {
      const sources: { currency?: unknown }[] = [];
      if (a.permissions.has('readBalances')) {
        try {
          const b = asList(await this.reader.read('/v2/balance', [['accountSeq', '1']], a.profileId, 1));
          sources.push(...(b as { currency?: unknown }[]));
        } catch {
          // the ledger's own currencies are asked anyway; a failed list read is reported per currency
        }
      }
      return sources.map((s) => (typeof s.currency === 'string' ? s.currency : '')).filter(Boolean);
    };
    const r = await syncCoin(this.ctx, a, list, state, known);
    const f = r.failures[0];
    if (f) throw f.error;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    for (const t of this.orderTimers.values()) clearTimeout(t);
    this.orderTimers.clear();
    this.pacer.close();
  }

  /** Resolves once the round in flight (if any) has ended. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }
}
