// The stored ledger as the P&L engine's input (core/pnl/types.ts): events under the profile that reads
// each account (several keys of one user count once), a transfer once, user costs, and every stretch the
// ledger does not cover as a gap: recorded gaps (the proxy was off longer than a list reaches back), the
// time before the first read reached, and lists that cannot be read now (from where they stand to now).

import type {
  CostOverride,
  DepositEvent,
  LedgerEvent,
  LedgerGap,
  WithdrawalEvent,
} from '../../core/pnl/types.js';
import type { LedgerGapReason } from '../../core/proxyApi/ledger.js';
import type { LedgerList, LedgerRecord } from './records.js';
import type { KnownAccount, LedgerStore } from './store.js';

export type GapList = 'trades' | 'deposits' | 'withdrawals' | 'transfers';
export const gapListOf = (l: LedgerList): GapList =>
  l === 'trades'
    ? 'trades'
    : l === 'transfers'
      ? 'transfers'
      : l === 'krwDeposits' || l === 'coinDeposits'
        ? 'deposits'
        : 'withdrawals';

export function toLedgerEvent(
  profileId: string,
  accountSeq: number,
  id: string,
  r: LedgerRecord,
): LedgerEvent {
  // each object written out whole: a spread of a base object then more fields cost about 8 µs an
  // event in V8 here (0.1 µs as a plain literal), a second of the first P&L read at 100,000 events
  const at = r.ts;
  switch (r.kind) {
    case 'trade':
      return {
        id,
        profileId,
        accountSeq,
        at,
        kind: 'trade',
        symbol: r.symbol,
        side: r.side,
        price: r.price,
        qty: r.qty,
        fee: r.feeQty,
        feeCurrency: r.feeCurrency,
        tradeId: r.tradeId,
        orderId: r.orderId,
      };
    case 'transfer':
      return {
        id,
        profileId,
        accountSeq,
        at,
        kind: 'transfer',
        currency: r.currency,
        amount: r.amount,
        fromAccountSeq: r.fromAccountSeq,
        toAccountSeq: r.toAccountSeq,
        status: r.status,
      };
    default: {
      const e: DepositEvent | WithdrawalEvent = {
        id,
        profileId,
        accountSeq,
        at,
        kind: r.kind === 'krwDeposit' || r.kind === 'coinDeposit' ? 'deposit' : 'withdrawal',
        currency: r.currency,
        amount: r.quantity,
        status: r.status,
      };
      if (r.fee) e.fee = r.fee;
      return e;
    }
  }
}

const OPENING = /^opening:([^:]+):(\d+):([a-z0-9]+)$/;

/** Opening-lot ids name a profile; stored per owner as `opening:<seq>:<currency>`. */
export function storedCostId(eventId: string): string {
  const m = OPENING.exec(eventId);
  return m ? `opening:${m[2]}:${m[3]}` : eventId;
}

/** Every stored cost under the profile that reads its owner; opening lots named with that profile. */
function namedCosts(store: LedgerStore, accounts: readonly KnownAccount[]) {
  const profileOf = new Map<string, string>();
  for (const a of accounts) if (!profileOf.has(a.owner)) profileOf.set(a.owner, a.profileId);
  return store.costs().flatMap((c) => {
    const p = profileOf.get(c.owner);
    if (!p) return [];
    const m = /^opening:(\d+):([a-z0-9]+)$/.exec(c.eventId);
    const eventId = m ? `opening:${p}:${m[1]}:${m[2]}` : c.eventId;
    return [{ profileId: p, eventId, costKrw: c.costKrw, updatedAt: c.updatedAt }];
  });
}

export const costOverrides = (store: LedgerStore, accounts: readonly KnownAccount[]): CostOverride[] =>
  namedCosts(store, accounts).map(({ profileId, eventId, costKrw }) => ({ profileId, eventId, costKrw }));

/** The user's costs as the page lists them. */
export const userCosts = (store: LedgerStore, accounts: readonly KnownAccount[]) =>
  namedCosts(store, accounts).map(({ eventId, costKrw, updatedAt }) => ({ eventId, costKrw, updatedAt }));

/** The account holding an event (for a cost entry), or null. */
export function findStoredEvent(
  store: LedgerStore,
  accounts: readonly KnownAccount[],
  profileId: string | undefined,
  eventId: string,
): { owner: string; kind: string } | null {
  for (const a of accounts) {
    if (profileId && a.profileId !== profileId) continue;
    const r = store.hasEvent(a.owner, storedCostId(eventId));
    if (r) return { owner: a.owner, kind: r.kind };
  }
  return null;
}

export interface GapView {
  profileId: string;
  accountSeq: number;
  list: LedgerList;
  from: number;
  to: number;
  reason: LedgerGapReason;
}

/**
 * What the ledger does not cover, per account and list. `failing` names the lists whose last read
 * failed; `expected` the lists the account's key may read.
 */
export function coverageGaps(
  store: LedgerStore,
  a: KnownAccount,
  expected: readonly LedgerList[],
  failing: ReadonlySet<LedgerList>,
  now: number,
): GapView[] {
  const out: GapView[] = [];
  const ref = { profileId: a.profileId, accountSeq: a.accountSeq };
  for (const g of store.gaps(a.owner, a.accountSeq))
    out.push({ ...ref, list: g.list, from: g.from, to: g.to, reason: g.reason });
  const cursors = store.cursors(a.owner, a.accountSeq);
  for (const list of expected) {
    const mine = cursors.filter((c) => c.list === list);
    if (!mine.length) {
      out.push({
        ...ref,
        list,
        from: 0,
        to: now,
        reason: failing.has(list) ? 'unreadable' : 'beforeFirstSync',
      });
      continue;
    }
    const reached = mine.map((c) => c.oldestReached).filter((x): x is number => x !== null);
    // trades: every pair was first read in one round; a pair listed later had nothing before
    if (reached.length)
      out.push({ ...ref, list, from: 0, to: Math.min(...reached), reason: 'beforeFirstSync' });
    if (failing.has(list)) {
      const from = Math.min(...mine.map((c) => c.syncedUntil));
      out.push({ ...ref, list, from, to: now, reason: 'unreadable' });
    }
  }
  return out;
}

export function toEngineGap(g: GapView): LedgerGap {
  return {
    profileId: g.profileId,
    accountSeq: g.accountSeq,
    list: gapListOf(g.list),
    from: g.from,
    to: g.to,
  };
}

/** How far every list of the account is synced (null while one never was). */
export function syncedThrough(
  store: LedgerStore,
  a: KnownAccount,
  lists: readonly LedgerList[],
): number | null {
  const cursors = store.cursors(a.owner, a.accountSeq);
  let min = Number.POSITIVE_INFINITY;
  for (const list of lists) {
    const mine = cursors.filter((c) => c.list === list);
    if (!mine.length) return null;
    for (const c of mine) min = Math.min(min, c.syncedUntil);
  }
  return lists.length ? min : null;
}
