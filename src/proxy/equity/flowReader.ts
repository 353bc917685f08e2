// The external flows of one account for the equity sampler, and what could not be read. Coin lists are
// read under either reading of `currency` (core/funding/coinLists.ts): without it first, per currency
// once the exchange refuses that (remembered per profile). Nothing is swallowed: every list or currency
// that could not be read comes back in `unread`, which makes the desk's day P&L uncertain.
import type { Dec } from '../../core/decimal.js';
import type { UnreadList } from '../../core/desk/unread.js';
import { type CoinListMode, fundingCurrencies, readCoinList } from '../../core/funding/coinLists.js';
import { asList, codeOf, type ReadContext, readData } from './reads.js';
import type { StoredFlow } from './store.js';
import { fundingFlows, transferFlows } from './valuation.js';

/** What one profile's exchange answered, kept across rounds. */
export interface ProfileFundingMemo {
  modes: Partial<Record<'coinDeposits' | 'coinWithdrawals', CoinListMode>>;
  /** Deposit and withdrawal address currencies, read only when asking per currency. */
  addresses?: { at: number; currencies: string[] };
}

export interface FlowReadInput {
  ctx: ReadContext;
  profileId: string;
  accountSeq: number;
  permissions: ReadonlySet<string>;
  prices: ReadonlyMap<string, Dec>;
  /** The main account's balances read this round (null when not read). */
  balances: readonly { currency?: unknown }[] | null;
  /** Currencies of flows already stored (the local history). */
  history: readonly string[];
  memo: ProfileFundingMemo;
  now: number;
}

const ADDRESS_TTL_MS = 10 * 60_000;

interface CoinRow {
  id: unknown;
  currency: string;
  createdAt: number;
}

const rows = (v: unknown): CoinRow[] =>
  asList(v).filter((r): r is CoinRow => typeof r === 'object' && r !== null) as CoinRow[];

export async function readFlows(i: FlowReadInput): Promise<{ flows: StoredFlow[]; unread: UnreadList[] }> {
  const flows: StoredFlow[] = [];
  const unread: UnreadList[] = [];
  const read = (path: string, params: [string, string][] = []) => readData(i.ctx, path, params, i.profileId);
  const miss = (list: UnreadList['list'], e: unknown, currency: string | null = null) =>
    unread.push({ list, currency, code: codeOf(e), at: i.now });

  let transfers: unknown[] = [];
  if (i.permissions.has('readTransfers')) {
    try {
      transfers = asList(await read('/v2/recentAccountTransfers', [['accountSeq', String(i.accountSeq)]]));
      flows.push(...transferFlows(transfers, i.accountSeq, i.prices));
    } catch (e) {
      miss('transfers', e);
    }
  }
  if (i.accountSeq !== 1) return { flows, unread };

  const addressCurrencies = async (): Promise<string[]> => {
    const a = i.memo.addresses;
    if (a && i.now - a.at < ADDRESS_TTL_MS) return a.currencies;
    const lists = await Promise.all(
      [
        i.permissions.has('readDeposits') ? '/v2/coin/depositAddresses' : null,
        i.permissions.has('readWithdrawals') ? '/v2/coin/withdrawableAddresses' : null,
      ].map((p) => (p ? read(p).then(asList, () => []) : Promise.resolve([]))),
    );
    const currencies = fundingCurrencies(...(lists as { currency?: unknown }[][]));
    i.memo.addresses = { at: i.now, currencies };
    return currencies;
  };
  const currencies = async () =>
    fundingCurrencies(
      i.balances,
      transfers as { currency?: unknown }[],
      i.history,
      await addressCurrencies(),
    );

  const coin = async (list: 'coinDeposits' | 'coinWithdrawals', path: string) => {
    try {
      const r = await readCoinList<CoinRow>({
        mode: i.memo.modes[list],
        readAll: async () => rows(await read(path)),
        readOne: async (c) => rows(await read(path, [['currency', c]])),
        currencies,
        limit: 1000,
      });
      i.memo.modes[list] = r.mode;
      for (const f of r.failures) miss(list, f.error, f.currency);
      return r.rows;
    } catch (e) {
      miss(list, e);
      return [];
    }
  };
  const krw = async (list: 'krwDeposits' | 'krwWithdrawals', path: string) => {
    try {
      return asList(await read(path));
    } catch (e) {
      miss(list, e);
      return [];
    }
  };

  if (i.permissions.has('readDeposits')) {
    flows.push(
      ...fundingFlows(await krw('krwDeposits', '/v2/krw/recentDeposits'), 'deposit', 'krw', i.prices),
    );
    flows.push(
      ...fundingFlows(await coin('coinDeposits', '/v2/coin/recentDeposits'), 'deposit', null, i.prices),
    );
  }
  if (i.permissions.has('readWithdrawals')) {
    const kw = await krw('krwWithdrawals', '/v2/krw/recentWithdrawals');
    flows.push(...fundingFlows(kw, 'withdrawal', 'krw', i.prices));
    const cw = await coin('coinWithdrawals', '/v2/coin/recentWithdrawals');
    flows.push(...fundingFlows(cw, 'withdrawal', null, i.prices));
  }
  return { flows, unread };
}
