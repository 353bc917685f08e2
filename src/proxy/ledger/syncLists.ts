// Reading one account's lists into the store. Trades: per pair, a walk of GET /v2/myTrades by time windows
// from where the last read ended (minus an overlap) or from the oldest time the exchange answers, split
// in halves where a page is full; each page is stored as it comes, the cursor moves only with the page
// that completes the walk (a kill -9 mid-walk re-reads it, adding nothing twice). Funding and transfers:
// the newest rows of each list; coin lists under either reading of `currency` (core/funding/coinLists.ts).
import { type CoinListMode, fundingCurrencies, readCoinList } from '../../core/funding/coinLists.js';
import { asList, type LedgerReader } from './reader.js';
import {
  type FundingRecord,
  fundingRecord,
  type LedgerList,
  type LedgerRecord,
  type TradeRecord,
  type TransferRecord,
  tradeRecord,
  transferRecord,
} from './records.js';
import type { LedgerStore } from './store.js';
import {
  afterPage,
  FUNDING_LIST_LIMIT,
  recentListRead,
  type Span,
  TRADE_PAGE_LIMIT,
  TRADE_REACH_MS,
  tradeWindow,
} from './window.js';

export interface AccountRef {
  owner: string;
  profileId: string;
  accountSeq: number;
}

export interface ListContext {
  store: LedgerStore;
  reader: LedgerReader;
  now: () => number;
  /** Page size of trade reads (tests make it small to exercise paging). */
  pageLimit?: number;
  /** Longest walk of one pair before it is reported incomplete. */
  maxPages?: number;
}

export class IncompleteWalk extends Error {
  readonly code = 'LEDGER_INCOMPLETE';
}

/**
 * Reads one pair's fills of one account: the window from the cursor (or the oldest time answered) to
 * now, split in halves wherever a page comes back full. Returns how many rows were new.
 */
export async function syncTrades(c: ListContext, a: AccountRef, symbol: string): Promise<number> {
  const limit = c.pageLimit ?? TRADE_PAGE_LIMIT;
  const cursor = c.store.cursor(a.owner, a.accountSeq, 'trades', symbol);
  const now = c.now();
  const w = tradeWindow(cursor?.syncedUntil ?? null, now, TRADE_REACH_MS);
  // endTime is exclusive: the top window ends just after now
  const todo: Span[] = [{ from: w.start, to: now + 1 }];
  let added = 0;
  for (let reads = 0; todo.length; reads++) {
    if (reads >= (c.maxPages ?? 400))
      throw new IncompleteWalk(`fills of ${symbol}: more pages than one walk allows`);
    const span = todo.shift() as Span;
    const params: [string, string][] = [
      ['symbol', symbol],
      ['limit', String(limit)],
      ['startTime', String(span.from)],
      ['endTime', String(span.to)],
      ['accountSeq', String(a.accountSeq)],
    ];
    const rows = asList(await c.reader.read('/v2/myTrades', params, a.profileId, a.accountSeq));
    const records = rows.map((r) => tradeRecord(r, symbol)).filter((r): r is TradeRecord => r !== null);
    const step = afterPage(rows.length, limit, span);
    if (step.incomplete) {
      c.store.commit(a.owner, a.accountSeq, records);
      throw new IncompleteWalk(`fills of ${symbol}: more than ${limit} at ${span.from}`);
    }
    if (step.halves) todo.unshift(...step.halves);
    if (todo.length) {
      added += c.store.commit(a.owner, a.accountSeq, records);
      continue;
    }
    // the last window: the rows, the cursor and any gap in one transaction
    const move = {
      list: 'trades' as const,
      part: symbol,
      syncedUntil: now,
      ...(w.oldestReached !== undefined ? { oldestReached: w.oldestReached } : {}),
    };
    const gaps = w.gap
      ? [{ list: 'trades' as const, part: symbol, ...w.gap, reason: 'offline' as const }]
      : [];
    added += c.store.commit(a.owner, a.accountSeq, records, move, gaps);
  }
  return added;
}

/** Stores one newest-rows-only list read, with its cursor and any gap it reveals. */
function commitRecent(
  c: ListContext,
  a: AccountRef,
  list: LedgerList,
  part: string,
  records: readonly LedgerRecord[],
  rowCount: number,
  startedAt: number,
): number {
  const cursor = c.store.cursor(a.owner, a.accountSeq, list, part);
  const times = records.map((r) => r.ts);
  const r = recentListRead(cursor?.syncedUntil ?? null, times, rowCount >= FUNDING_LIST_LIMIT);
  const move = {
    list,
    part,
    syncedUntil: startedAt,
    ...(r.oldestReached !== undefined ? { oldestReached: r.oldestReached } : {}),
  };
  const gaps = r.gap ? [{ list, part, ...r.gap, reason: 'offline' as const }] : [];
  return c.store.commit(a.owner, a.accountSeq, records, move, gaps);
}

export async function syncTransfers(c: ListContext, a: AccountRef): Promise<number> {
  const startedAt = c.now();
  const rows = asList(
    await c.reader.read(
      '/v2/recentAccountTransfers',
      [
        ['limit', String(FUNDING_LIST_LIMIT)],
        ['accountSeq', String(a.accountSeq)],
      ],
      a.profileId,
      a.accountSeq,
    ),
  );
  const recs = rows
    .map((r) => transferRecord(r, a.accountSeq))
    .filter((r): r is TransferRecord => r !== null);
  return commitRecent(c, a, 'transfers', '', recs, rows.length, startedAt);
}

export async function syncKrw(
  c: ListContext,
  a: AccountRef,
  list: 'krwDeposits' | 'krwWithdrawals',
): Promise<number> {
  const startedAt = c.now();
  const path = list === 'krwDeposits' ? '/v2/krw/recentDeposits' : '/v2/krw/recentWithdrawals';
  const kind = list === 'krwDeposits' ? 'krwDeposit' : 'krwWithdrawal';
  const rows = asList(await c.reader.read(path, [['limit', String(FUNDING_LIST_LIMIT)]], a.profileId, 1));
  const recs = rows.map((r) => fundingRecord(r, kind, 'krw')).filter((r): r is FundingRecord => r !== null);
  return commitRecent(c, a, list, '', recs, rows.length, startedAt);
}

export interface CoinListState {
  mode?: CoinListMode;
  refusal?: unknown;
}

/**
 * A coin list of the main account. Per-currency reads that fail are returned (their cursors stay where
 * they were, so the status shows them behind); the rest are stored.
 */
export async function syncCoin(
  c: ListContext,
  a: AccountRef,
  list: 'coinDeposits' | 'coinWithdrawals',
  state: CoinListState,
  knownCurrencies: () => Promise<string[]>,
): Promise<{ added: number; failures: { currency: string | null; error: unknown }[] }> {
  const startedAt = c.now();
  const path = list === 'coinDeposits' ? '/v2/coin/recentDeposits' : '/v2/coin/recentWithdrawals';
  const kind = list === 'coinDeposits' ? 'coinDeposit' : 'coinWithdrawal';
  const limit = ['limit', String(FUNDING_LIST_LIMIT)] as [string, string];
  type Row = { id: unknown; currency: string; createdAt: number; __n?: number };
  const perCurrency = new Map<string, number>();
  const r = await readCoinList<Row>({
    mode: state.mode,
    refusal: state.refusal,
    readAll: async () => asList(await c.reader.read(path, [limit], a.profileId, 1)) as Row[],
    readOne: async (cur) => {
      const rows = asList(await c.reader.read(path, [['currency', cur], limit], a.profileId, 1)) as Row[];
      perCurrency.set(cur, rows.length);
      return rows;
    },
    currencies: async () =>
      fundingCurrencies(await knownCurrencies(), c.store.currencies(a.owner, a.accountSeq)),
    // every row is kept: the per-currency lists are stored each under its own cursor
    limit: Number.MAX_SAFE_INTEGER,
  });
  state.mode = r.mode;
  state.refusal = r.refusal;
  const recs = r.rows.map((row) => fundingRecord(row, kind)).filter((x): x is FundingRecord => x !== null);
  let added = 0;
  if (r.mode === 'all') {
    added += commitRecent(c, a, list, '', recs, r.rows.length, startedAt);
  } else {
    const failed = new Set(r.failures.map((f) => f.currency));
    for (const cur of r.currencies) {
      if (failed.has(cur)) continue;
      const mine = recs.filter((x) => x.currency === cur);
      added += commitRecent(c, a, list, cur, mine, perCurrency.get(cur) ?? mine.length, startedAt);
    }
  }
  return { added, failures: r.failures };
}
