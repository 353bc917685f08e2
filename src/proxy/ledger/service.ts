// The ledger as the routes see it: status, the P&L index kept in step with it, prices, average prices, costs.
import { isDecimalString } from '../../core/decimal.js';
import { appendToIndex } from '../../core/pnl/append.js';
import {
  buildPnlIndex,
  buildPnlIndexSteps,
  type PnlIndex,
  type PnlIndexInput,
} from '../../core/pnl/pnlIndex.js';
import type { AccountRef, EquityPoint, LedgerEvent, PnlQuery } from '../../core/pnl/types.js';
import type { LedgerAccountStatus } from '../../core/proxyApi/ledger.js';
import type { DeskStore } from '../equity/store.js';
import type { Forwarder } from '../forward/forwarder.js';
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
import { runInSlices } from './slices.js';
import { ledgerStatus } from './status.js';
import type { KnownAccount, LedgerStore } from './store.js';
import { accountKey, type LedgerSync } from './sync.js';
import { TickerPrices } from './tickerPrices.js';

export type { LedgerAccountStatus } from '../../core/proxyApi/ledger.js';

type Indexed = { index: PnlIndex; gaps: GapView[] };
/** What a build of the index takes, and the key and structure it is kept under. */
type BuildPlan = {
  key: string;
  structure: string;
  gaps: GapView[];
  events: LedgerEvent[];
  input: PnlIndexInput;
};

const AVG_TTL_MS = 30_000;
/** Equity snapshots come each minute; the index takes the new ones at most this often. */
const INDEX_TTL_MS = 10 * 60_000;

export class LedgerService {
  /** The index, the key and structure it was made under, and the event list it holds. */
  private cached: (Indexed & { key: string; structure: string; events: LedgerEvent[] }) | null = null;
  /** A build running in slices (indexReady). */
  private building: Promise<void> | null = null;
  private readonly tickers: TickerPrices;
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
    this.tickers = new TickerPrices(forwarder, now);
  }

  /** Accounts the ledger knows: the last discovery's, then those the store remembers that it missed. */
  accounts(): KnownAccount[] {
    const live = this.sync.accounts;
    const has = new Set(live.map((a) => `${a.owner}|${a.accountSeq}`));
    return [...live, ...this.store.knownAccounts().filter((a) => !has.has(`${a.owner}|${a.accountSeq}`))];
  }

  /** The lists the account's key may read (unknown before the first discovery: the lists it has). */
  expected(a: KnownAccount): LedgerList[] {
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

  syncedUntil(a: KnownAccount): number | null {
    return syncedThrough(this.store, a, this.expected(a));
  }

  /** Per account: how far each list is read, the gaps, the sync's state (GET /api/ledger/status). */
  status(): LedgerAccountStatus[] {
    return ledgerStatus(this, this.now());
  }

  /**
   * The engine's index over the whole ledger, built at once: again when gaps, costs, accounts, failing
   * lists, holdings or marks change and every 10 minutes (snapshots); new rows alone are appended.
   */
  index(): Indexed {
    const p = this.plan();
    return 'done' in p ? p.done : this.take(p, buildPnlIndex(p.input));
  }

  /**
   * The same, what a build reads and builds run a few ms at a time (slices.ts): the thread keeps serving
   * orders meanwhile (seconds of CPU at 100,000 fills). Callers during a build share it.
   */
  async indexReady(): Promise<Indexed> {
    for (;;) {
      const events = await this.eventsReady();
      const accounts = this.accounts();
      await this.zeroes.ready(this.zeroKey(accounts), this.held.rows(accounts).answers, events);
      if (!this.building) {
        const p = this.plan();
        if ('done' in p) return p.done;
        this.building = runInSlices(buildPnlIndexSteps(p.input))
          .then((index) => void this.take(p, index))
          .finally(() => {
            this.building = null;
          });
      }
      await this.building;
    }
  }

  private zeroKey(accounts: readonly KnownAccount[]): string {
    return `${this.held.version}|${accounts.map((a) => `${a.owner}:${a.accountSeq}:${a.profileId}`).join()}`;
  }

  private take(p: BuildPlan, index: PnlIndex): Indexed {
    this.cached = { key: p.key, structure: p.structure, index, gaps: p.gaps, events: p.events };
    return this.cached;
  }

  /** The index as it stands (appended to when it can be), or what a build of it takes. */
  private plan(): { done: Indexed } | BuildPlan {
    const now = this.now();
    const accounts = this.accounts();
    const failing = [...this.sync.runtime].map(([k, r]) => `${k}=${[...r.listErrors.keys()]}`).join();
    const shape = `${Math.floor(now / INDEX_TTL_MS)}|${accounts.map((a) => `${a.owner}:${a.accountSeq}:${a.profileId}`).join()}|${failing}`;
    const key = `${this.store.version}|k${this.store.cursorMoves}|${shape}|h${this.held.version}|m${this.marks.version}`;
    if (this.cached?.key === key) return { done: this.cached };
    const events = this.events();
    const gaps = accounts.flatMap((a) => this.gapsOf(a, now));
    const overrides = costOverrides(this.store, accounts);
    const held = this.held.rows(accounts);
    const rows = markCoverage(
      [...held.rows, ...this.zeroes.rows(this.zeroKey(accounts), held.answers, events)],
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
        return { done: this.cached };
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
    const input = {
      events,
      overrides,
      snapshots,
      gaps: gaps.map(toEngineGap),
      holdings: rows,
      marks: this.marks.all(),
    };
    return { key, structure, gaps, events, input };
  }

  /** What the index takes from the exchange besides the ledger: every account's holdings, then the prices. */
  async prepare(): Promise<void> {
    await this.exchangeAvgPrices('all');
    await this.refreshMarks();
  }

  /** Reads the candle closes of every coin the ledger traded or the accounts hold (kept 10 minutes). */
  async refreshMarks(): Promise<void> {
    const events = await this.eventsReady();
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
  livePrices(): Promise<Record<string, string>> {
    return this.tickers.read();
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

  /** The same list, a whole read (the first, or after a rewritten row) run in slices. */
  eventsReady(): Promise<LedgerEvent[]> {
    return this.list.readReady(this.accounts());
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
