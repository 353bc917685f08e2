// The ledger as the routes see it: status per account, the P&L index (rebuilt when the ledger changes,
// or each minute for new equity snapshots), current prices and the exchange's average prices, costs.
import { isDecimalString } from '../../core/decimal.js';
import { appendToIndex } from '../../core/pnl/append.js';
import { buildPnlIndex, type PnlIndex } from '../../core/pnl/pnlIndex.js';
import type { AccountRef, EquityPoint, LedgerEvent, PnlQuery } from '../../core/pnl/types.js';
import type { LedgerAccountStatus } from '../../core/proxyApi/ledger.js';
import type { DeskStore } from '../equity/store.js';
import { krwPrices, type TickerLike } from '../equity/valuation.js';
import type { Forwarder } from '../forward/forwarder.js';
import { readWithRetry } from '../orders/retry.js';
import { AbsentZeros } from './absentZeros.js';
import { LedgerEventList } from './eventList.js';
import {
  costOverrides,
  coverageGaps,
  findStoredEvent,
  type GapView,
  syncedThrough,
  toEngineGap,
  userCosts,
} from './events.js';
import { HeldBalances, markCoverage } from './holdings.js';
import { PriceMarks } from './marks.js';
import { LEDGER_LISTS, type LedgerList } from './records.js';
import type { KnownAccount, LedgerStore } from './store.js';
import { accountKey, type LedgerSync } from './sync.js';
import { REACH_NOTE } from './window.js';

export type { LedgerAccountStatus } from '../../core/proxyApi/ledger.js';

const PRICE_TTL_MS = 10_000;
const AVG_TTL_MS = 30_000;
/** Equity snapshots come each minute; the index takes the new ones at most this often. */
const INDEX_TTL_MS = 10 * 60_000;

export class LedgerService {
  private cached: {
    key: string;
    structure: string;
    index: PnlIndex;
    gaps: GapView[];
    /** The event list the index holds. */
    events: LedgerEvent[];
  } | null = null;
  private prices: { at: number; value: Record<string, string> } | null = null;
  private readonly avg = new Map<string, { at: number; value: NonNullable<PnlQuery['exchangeAvgPrices']> }>();
  /** The stored events, read again only where they changed (eventList.ts). */
  private readonly list: LedgerEventList;
  private readonly zeroes: AbsentZeros;
  /** What the accounts hold by the exchange: the engine's opening lots beyond the ledger (holdings.ts). */
  private readonly held: HeldBalances;
  /** Candle closes of every coin held or traded: the engine's prices between fills (marks.ts). */
  private readonly marks: PriceMarks;
  /** The KRW coins the stored events traded (kept with the event list they came from, grown with it). */
  private traded: { events: LedgerEvent[]; coins: Set<string> } | null = null;

  constructor(
    readonly store: LedgerStore,
    readonly sync: LedgerSync,
    private readonly forwarder: Forwarder,
    private readonly desk?: DeskStore,
    private readonly now: () => number = Date.now,
  ) {
    this.held = new HeldBalances(now);
    this.list = new LedgerEventList(store);
    this.zeroes = new AbsentZeros((l) => this.list.addedSince(l));
    this.marks = new PriceMarks(forwarder, now);
  }

  /** Accounts the ledger knows: the last discovery's, then those the store remembers that it missed. */
  accounts(): KnownAccount[] {
    const live = this.sync.accounts;
    const has = new Set(live.map((a) => `${a.owner}|${a.accountSeq}`));
    return [...live, ...this.store.knownAccounts().filter((a) => !has.has(`${a.owner}|${a.accountSeq}`))];
  }

  /** The lists the account's key may read (unknown before the first discovery: the lists it has). */
  private expected(a: KnownAccount): LedgerList[] {
    const live = this.sync.accounts.find((x) => x.owner === a.owner && x.accountSeq === a.accountSeq);
    if (!live) return [...new Set(this.store.cursors(a.owner, a.accountSeq).map((c) => c.list))];
    const p = live.permissions;
    return LEDGER_LISTS.filter((l) =>
      l === 'trades'
        ? p.has('readOrders')
        : l === 'transfers'
          ? p.has('readTransfers')
          : a.accountSeq === 1 && p.has(l.endsWith('Deposits') ? 'readDeposits' : 'readWithdrawals'),
    );
  }

  gapsOf(a: KnownAccount, now: number): GapView[] {
    const rt = this.sync.runtime.get(accountKey(a.profileId, a.accountSeq));
    return coverageGaps(this.store, a, this.expected(a), new Set(rt?.listErrors.keys() ?? []), now);
  }

  private syncedUntil(a: KnownAccount): number | null {
    return syncedThrough(this.store, a, this.expected(a));
  }

  status(): LedgerAccountStatus[] {
    const now = this.now();
    return this.accounts().map((a) => {
      const rt = this.sync.runtime.get(accountKey(a.profileId, a.accountSeq));
      const cursors = this.store.cursors(a.owner, a.accountSeq);
      const lists = this.expected(a).map((list) => {
        const mine = cursors.filter((c) => c.list === list);
        const reached = mine.map((c) => c.oldestReached).filter((x): x is number => x !== null);
        const err = rt?.listErrors.get(list);
        return {
          list,
          syncedUntil: mine.length ? Math.min(...mine.map((c) => c.syncedUntil)) : null,
          oldestReached: reached.length ? Math.min(...reached) : null,
          ...(err ? { lastError: err } : {}),
        };
      });
      const reached = lists.map((l) => l.oldestReached).filter((x): x is number => x !== null);
      const grouped = new Map<string, LedgerAccountStatus['gaps'][number]>();
      for (const g of this.gapsOf(a, now)) {
        const k = `${g.from}|${g.to}|${g.reason}`;
        const e = grouped.get(k) ?? { from: g.from, to: g.to, lists: [], reason: g.reason };
        if (!e.lists.includes(g.list)) e.lists.push(g.list);
        grouped.set(k, e);
      }
      return {
        profileId: a.profileId,
        accountSeq: a.accountSeq,
        owner: a.owner,
        syncedUntil: this.syncedUntil(a),
        oldestReached: reached.length ? Math.max(...reached) : null,
        reachLimitNote: REACH_NOTE,
        gaps: [...grouped.values()].sort((x, y) => x.from - y.from),
        syncing: rt?.syncing ?? false,
        lastSyncAt: rt?.lastSyncAt ?? null,
        ...(rt?.lastError ? { lastError: rt.lastError } : {}),
        eventCount: this.store.eventCount(a.owner, a.accountSeq),
        lists,
      };
    });
  }

  /**
   * The engine's index over the whole ledger: rebuilt when gaps, costs, accounts or the failing lists
   * change, and every 10 minutes for new equity snapshots. When only new rows came (a fill, a finished
   * deposit), they are appended to the index (appendToIndex, which rebuilds by itself when a row reaches
   * back in time): a full build of a busy ledger takes seconds of the proxy's only thread.
   */
  index(): { index: PnlIndex; gaps: GapView[] } {
    const now = this.now();
    const accounts = this.accounts();
    const failing = [...this.sync.runtime].map(([k, r]) => `${k}=${[...r.listErrors.keys()]}`).join();
    const shape = `${Math.floor(now / INDEX_TTL_MS)}|${accounts.map((a) => `${a.owner}:${a.accountSeq}:${a.profileId}`).join()}|${failing}`;
    const key = `${this.store.version}|k${this.store.cursorMoves}|${shape}|h${this.held.version}|m${this.marks.version}`;
    if (this.cached?.key === key) return this.cached;
    const events = this.events();
    const gaps = accounts.flatMap((a) => this.gapsOf(a, now));
    const overrides = costOverrides(this.store, accounts);
    const held = this.held.rows(accounts);
    const rows = markCoverage(
      [...held.rows, ...this.zeroes.rows(`${this.held.version}|${shape}`, held.answers, events)],
      (ref) => {
        const a = accounts.find((x) => x.profileId === ref.profileId && x.accountSeq === ref.accountSeq);
        return a ? this.syncedUntil(a) : null;
      },
    );
    const covered = rows.filter((r) => r.ledgerCovers).length;
    // a gap open to now (a list that cannot be read, or not read yet) is the same gap a moment later: the
    // index built with it stands until the next 10-minute build (shape), not until the next fill
    const open = gaps.map((g) => (g.to === now ? { ...g, to: 'now' } : g));
    const structure = `${shape}|${JSON.stringify(overrides)}|${JSON.stringify(open)}|${this.held.version}|${this.marks.version}|c${covered}`;
    const prior = this.cached;
    if (prior && prior.structure === structure) {
      // what was merged into the list since the index took it (a whole pass when that is unknown)
      const fresh = (this.list.addedSince(prior.events) ?? events).filter(
        (e) => !prior.index.seen.has(`${e.profileId}\u0000${e.id}`),
      );
      // an event from before the holdings were read changes the opening lots: build again
      if (!fresh.some((e) => e.at <= held.latestAt)) {
        const index = fresh.length ? appendToIndex(prior.index, { events: fresh }) : prior.index;
        this.cached = { key, structure, index, gaps, events };
        return this.cached;
      }
    }
    const snapshots: EquityPoint[] = [];
    for (const a of accounts) {
      for (const p of this.desk?.points(a.owner, a.accountSeq, 0) ?? [])
        snapshots.push({
          at: p.ts,
          profileId: a.profileId,
          accountSeq: a.accountSeq,
          equityKrw: p.equityKrw,
        });
    }
    const index = buildPnlIndex({
      events,
      overrides,
      snapshots,
      gaps: gaps.map(toEngineGap),
      holdings: rows,
      marks: this.marks.all(),
    });
    this.cached = { key, structure, index, gaps, events };
    return this.cached;
  }

  /** What the index takes from the exchange besides the ledger: every account's holdings, then the prices. */
  async prepare(): Promise<void> {
    await this.exchangeAvgPrices('all');
    await this.refreshMarks();
  }

  /** Reads the candle closes of every coin the ledger traded or the accounts hold (kept 10 minutes). */
  async refreshMarks(): Promise<void> {
    const events = this.events();
    if (this.traded?.events !== events) {
      const more = this.traded ? this.list.addedSince(this.traded.events) : null;
      const set = more && this.traded ? this.traded.coins : new Set<string>();
      for (const e of more ?? events) {
        if (e.kind !== 'trade') continue;
        const [base, quote] = e.symbol.toLowerCase().split('_');
        if (base && quote === 'krw') set.add(base);
      }
      this.traded = { events, coins: set };
    }
    const coins = new Set(this.traded.coins);
    for (const h of this.held.rows(this.accounts()).rows) if (h.currency !== 'krw') coins.add(h.currency);
    await this.marks.refresh(coins);
  }

  /** Current KRW prices from /v2/tickers (kept 10 s); empty when they cannot be read. */
  async livePrices(): Promise<Record<string, string>> {
    const now = this.now();
    if (this.prices && now - this.prices.at < PRICE_TTL_MS) return this.prices.value;
    try {
      const r = await readWithRetry(
        () => this.forwarder.execute({ method: 'GET', path: '/v2/tickers', params: [] }),
        { what: 'ledger prices' },
      );
      if (!r.envelope.success) return this.prices?.value ?? {};
      const list = Array.isArray(r.envelope.data) ? (r.envelope.data as TickerLike[]) : [];
      this.prices = { at: now, value: Object.fromEntries(krwPrices(list)) };
    } catch {
      // no prices now: the engine falls back to the last fill price and marks the figure (missingPrice)
      return this.prices?.value ?? {};
    }
    return this.prices.value;
  }

  /**
   * The exchange's avgPrice per account and coin in the scope (balance rows; accounts that fail are left
   * out). The same rows are the accounts' holdings (holdings.ts), recorded here when due: one read of
   * GET /v2/balance serves both.
   */
  async exchangeAvgPrices(scope: PnlQuery['scope']): Promise<NonNullable<PnlQuery['exchangeAvgPrices']>> {
    const refs: AccountRef[] = scope === 'all' ? this.accounts() : [...scope];
    const key = refs.map((r) => `${r.profileId}:${r.accountSeq}`).join();
    const hit = this.avg.get(key);
    if (hit && this.now() - hit.at < AVG_TTL_MS) return hit.value;
    const out: NonNullable<PnlQuery['exchangeAvgPrices']>[number][] = [];
    const prices = refs.some((r) => this.held.due(r)) ? await this.livePrices() : {};
    await Promise.all(
      refs.map(async (ref) => {
        try {
          const r = await this.forwarder.execute({
            method: 'GET',
            path: '/v2/balance',
            params: [['accountSeq', String(ref.accountSeq)]],
            profileId: ref.profileId,
          });
          if (!r.envelope.success || !Array.isArray(r.envelope.data)) return;
          if (this.held.due(ref)) this.held.note(ref, r.envelope.data as { currency?: unknown }[], prices);
          for (const b of r.envelope.data as { currency?: unknown; avgPrice?: unknown }[]) {
            if (typeof b.currency !== 'string' || !isDecimalString(b.avgPrice) || b.avgPrice === '0')
              continue;
            out.push({ ...ref, currency: b.currency.toLowerCase(), avgPrice: b.avgPrice });
          }
        } catch {
          // shown without the exchange's figure; ours stands alone
        }
      }),
    );
    if (this.avg.size > 50) this.avg.clear();
    this.avg.set(key, { at: this.now(), value: out });
    return out;
  }

  /** Every stored event as the engine's type (the same array until the ledger changes), oldest first. */
  events(): LedgerEvent[] {
    return this.list.read(this.accounts());
  }

  /** The user's costs, opening lots named under the profile that reads the account (as the engine does). */
  costs(): { eventId: string; costKrw: string; updatedAt: number }[] {
    return userCosts(this.store, this.accounts());
  }

  /** The account holding an event (for a cost entry), or null. */
  findEvent(profileId: string | undefined, eventId: string): { owner: string; kind: string } | null {
    return findStoredEvent(this.store, this.accounts(), profileId, eventId);
  }
}
