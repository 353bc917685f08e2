// The ledger as the engine takes it: validation, de-duplication, time order, and the units each
// track must have held before its ledger begins.
import Big from 'big.js';
import { isDecimalString } from '../decimal.js';
import { trackKey } from './state.js';
import type { Holding, LedgerEvent, WithdrawalEvent } from './types.js';

const ZERO = new Big(0);

export const money = (v: unknown) => isDecimalString(v) && !(v as string).startsWith('-');

/** Why an event cannot be used (a bad number or shape), or null. */
export function invalidReason(e: LedgerEvent): string | null {
  if (typeof e.id !== 'string' || !e.id) return 'id missing';
  if (!Number.isFinite(e.at)) return 'at is not a time';
  if (e.kind === 'trade') {
    if (!/^[a-z0-9]+_[a-z0-9]+$/i.test(e.symbol)) return 'bad symbol';
    if (e.side !== 'buy' && e.side !== 'sell') return 'bad side';
    if (!money(e.price) || !money(e.qty) || !money(e.fee))
      return 'price, qty and fee must be decimal strings';
    const coin = e.symbol.toLowerCase().split('_')[0];
    const fc = String(e.feeCurrency).toLowerCase();
    if (fc !== 'krw' && fc !== coin) return 'feeCurrency must be krw or the coin';
    return null;
  }
  if (e.kind === 'deposit' || e.kind === 'withdrawal' || e.kind === 'transfer') {
    if (typeof e.currency !== 'string' || !e.currency) return 'currency missing';
    if (!money(e.amount)) return 'amount must be a decimal string';
    if (e.kind !== 'transfer' && e.fee !== undefined && !money(e.fee)) return 'fee must be a decimal string';
    return null;
  }
  return 'unknown kind';
}

export function isCounted(e: LedgerEvent): boolean {
  if (e.kind === 'trade') return e.symbol.toLowerCase().endsWith('_krw');
  if (e.kind === 'transfer') return (e.status ?? 'done') === 'done' && e.fromAccountSeq !== e.toAccountSeq;
  return e.status === 'done';
}

/**
 * Counted events, de-duplicated by (profile, id), in time order (input order for equal times). Events
 * with bad numbers are left out and listed in `rejected`.
 */
export function normalize(
  events: readonly LedgerEvent[],
  rejected: { id: string; reason: string }[] = [],
): LedgerEvent[] {
  const seen = new Set<string>();
  const out: { e: LedgerEvent; n: number }[] = [];
  events.forEach((e, n) => {
    const bad = invalidReason(e);
    if (bad) {
      rejected.push({ id: String(e.id), reason: bad });
      return;
    }
    const k = `${e.profileId}\u0000${e.id}`;
    if (seen.has(k) || !isCounted(e)) return;
    seen.add(k);
    out.push({ e, n });
  });
  out.sort((a, b) => a.e.at - b.e.at || a.n - b.n);
  return out.map((x) => x.e);
}

/** Position moves per track, in order: (key, delta). */
export function deltas(e: LedgerEvent, push: (key: string, d: Big) => void): void {
  const p = e.profileId;
  if (e.kind === 'trade') {
    const coin = e.symbol.toLowerCase().split('_')[0] as string;
    const value = new Big(e.price).times(e.qty);
    const sign = e.side === 'buy' ? 1 : -1;
    push(trackKey(p, e.accountSeq, coin), new Big(e.qty).times(sign));
    push(trackKey(p, e.accountSeq, 'krw'), value.times(-sign));
    push(trackKey(p, e.accountSeq, e.feeCurrency.toLowerCase()), new Big(e.fee).neg());
  } else if (e.kind === 'transfer') {
    const c = e.currency.toLowerCase();
    push(trackKey(p, e.fromAccountSeq, c), new Big(e.amount).neg());
    push(trackKey(p, e.toAccountSeq, c), new Big(e.amount));
  } else {
    const c = e.currency.toLowerCase();
    const sign = e.kind === 'deposit' ? 1 : -1;
    push(trackKey(p, e.accountSeq, c), new Big(e.amount).times(sign));
    push(trackKey(p, e.accountSeq, c), new Big(e.fee ?? '0').neg());
  }
}

/** Whether a holding can be used: a known account, a currency and a non-negative decimal quantity. */
export function validHolding(h: Holding): boolean {
  return (
    typeof h.profileId === 'string' &&
    Number.isInteger(h.accountSeq) &&
    typeof h.currency === 'string' &&
    h.currency.length > 0 &&
    money(h.qty) &&
    Number.isFinite(h.at)
  );
}

/**
 * Units each track must have held before its first event: enough that it never goes below zero, and,
 * where the exchange says the account held more at a holding's time than the ledger built by then,
 * that difference too (events in time order; holdings already valid).
 */
export function openingShortfalls(
  events: readonly LedgerEvent[],
  holdings: readonly Holding[] = [],
): Map<string, Big> {
  const run = new Map<string, Big>();
  const low = new Map<string, Big>();
  const need = new Map<string, Big>();
  const held = [...holdings].sort((a, b) => a.at - b.at);
  let h = 0;
  const settle = (until: number) => {
    for (; h < held.length && (held[h] as Holding).at < until; h++) {
      const x = held[h] as Holding;
      const k = trackKey(x.profileId, x.accountSeq, x.currency.toLowerCase());
      need.set(k, new Big(x.qty).minus(run.get(k) ?? ZERO));
    }
  };
  for (const e of events) {
    settle(e.at);
    deltas(e, (k, d) => {
      const v = (run.get(k) ?? ZERO).plus(d);
      run.set(k, v);
      if (v.lt(low.get(k) ?? ZERO)) low.set(k, v);
    });
  }
  settle(Number.POSITIVE_INFINITY);
  const out = new Map<string, Big>();
  for (const [k, v] of low) if (v.lt(0)) out.set(k, v.neg());
  for (const [k, v] of need) if (v.gt(out.get(k) ?? ZERO)) out.set(k, v);
  return out;
}

/** The outflow the engine adds where less is held than the ledger built (unseenOutflows). */
export function unseenOutflowId(profileId: string, accountSeq: number, currency: string): string {
  return `unseen:${profileId}:${accountSeq}:${currency}`;
}

export const isUnseenOutflowId = (eventId: string): boolean => eventId.startsWith('unseen:');

/** A difference below this is rounding, not an outflow. */
const DUST_COIN = new Big('0.00000001');
const DUST_KRW = new Big(1);

/**
 * What left an account by a way the ledger cannot see (a transfer or withdrawal its key may not read):
 * where the exchange reports less of a currency than the ledger built by then (with the opening lot),
 * the difference, as a withdrawal at the balance's time. The latest holding of each track is used, and
 * only one the ledger had read its lists up to (ledgerCovers); events at the holding's time count as
 * before it (as in openingShortfalls).
 */
export function unseenOutflows(
  events: readonly LedgerEvent[],
  holdings: readonly Holding[],
  openings: ReadonlyMap<string, Big>,
): WithdrawalEvent[] {
  const latest = new Map<string, Holding>();
  for (const h of holdings) {
    if (h.ledgerCovers === false) continue;
    const k = trackKey(h.profileId, h.accountSeq, h.currency.toLowerCase());
    const had = latest.get(k);
    if (!had || h.at > had.at) latest.set(k, h);
  }
  if (latest.size === 0) return [];
  const run = new Map<string, Big>();
  const out: WithdrawalEvent[] = [];
  const held = [...latest.entries()].sort((a, b) => a[1].at - b[1].at);
  let i = 0;
  const settle = (until: number) => {
    for (; i < held.length && (held[i] as [string, Holding])[1].at < until; i++) {
      const [k, h] = held[i] as [string, Holding];
      const currency = h.currency.toLowerCase();
      const built = (openings.get(k) ?? ZERO).plus(run.get(k) ?? ZERO);
      const missing = built.minus(h.qty);
      if (!missing.gt(currency === 'krw' ? DUST_KRW : DUST_COIN)) continue;
      out.push({
        kind: 'withdrawal',
        id: unseenOutflowId(h.profileId, h.accountSeq, currency),
        profileId: h.profileId,
        accountSeq: h.accountSeq,
        at: h.at,
        currency,
        amount: missing.toFixed(),
        fee: '0',
        status: 'done',
      });
    }
  };
  for (const e of events) {
    settle(e.at);
    deltas(e, (k, d) => run.set(k, (run.get(k) ?? ZERO).plus(d)));
  }
  settle(Number.POSITIVE_INFINITY);
  return out;
}

/** Events with `extra` placed after every event at or before each one's time (both in time order). */
export function mergeAfter(events: readonly LedgerEvent[], extra: readonly LedgerEvent[]): LedgerEvent[] {
  if (extra.length === 0) return events as LedgerEvent[];
  const out: LedgerEvent[] = [];
  let j = 0;
  for (const e of events) {
    for (; j < extra.length && (extra[j] as LedgerEvent).at < e.at; j++) out.push(extra[j] as LedgerEvent);
    out.push(e);
  }
  for (; j < extra.length; j++) out.push(extra[j] as LedgerEvent);
  return out;
}
