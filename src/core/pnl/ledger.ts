// The ledger as the engine takes it: validation, de-duplication, time order, and the units each
// track must have held before its ledger begins.
import Big from 'big.js';
import { isDecimalString } from '../decimal.js';
import { drain, STEP_ITEMS } from '../steps.js';
import { IntMoves, moveScale } from './intMoves.js';
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
  return drain(normalizeSteps(events, rejected));
}

/** normalize, pausing every STEP_ITEMS events (core/steps.ts). */
export function* normalizeSteps(
  events: readonly LedgerEvent[],
  rejected: { id: string; reason: string }[] = [],
): Generator<void, LedgerEvent[], void> {
  const seen = new Set<string>();
  const out: { e: LedgerEvent; n: number }[] = [];
  for (let n = 0; n < events.length; n++) {
    if (n % STEP_ITEMS === STEP_ITEMS - 1) yield;
    const e = events[n] as LedgerEvent;
    const bad = invalidReason(e);
    if (bad) {
      rejected.push({ id: String(e.id), reason: bad });
      continue;
    }
    const k = `${e.profileId}\u0000${e.id}`;
    if (seen.has(k) || !isCounted(e)) continue;
    seen.add(k);
    out.push({ e, n });
  }
  yield;
  out.sort((a, b) => a.e.at - b.e.at || a.n - b.n);
  return out.map((x) => x.e);
}

/** Position moves per track, in order: (key, delta); the rules are IntMoves.deltas's, one event's scale. */
export function deltas(e: LedgerEvent, push: (key: string, d: Big) => void): void {
  const m = new IntMoves(moveScale([e]));
  m.deltas(e, (k, d) => push(k, m.toBig(d)));
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

/** The outflow the engine adds where less is held than the ledger built (beyondLedger). */
export function unseenOutflowId(profileId: string, accountSeq: number, currency: string): string {
  return `unseen:${profileId}:${accountSeq}:${currency}`;
}

export const isUnseenOutflowId = (eventId: string): boolean => eventId.startsWith('unseen:');

/** A difference below this is rounding, not an outflow. */
const DUST_COIN = new Big('0.00000001');
const DUST_KRW = new Big(1);

/**
 * What the exchange's holdings say beyond the ledger's events, from one pass over them (in time order;
 * holdings already valid; events at a holding's time count as before it):
 * - `openings`: units each track must have held before its first event, enough that it never goes below
 *   zero and, where an account held more at a holding's time than the ledger built by then, that too;
 * - `unseen`: where it held less than the ledger built by then (with the opening), the difference as a
 *   withdrawal at the holding's time, something the ledger cannot see (a transfer or withdrawal its key
 *   may not read). Only the latest holding of a track the ledger had read up to (ledgerCovers) counts,
 *   and a difference below rounding does not.
 */
export function beyondLedger(
  events: readonly LedgerEvent[],
  holdings: readonly Holding[] = [],
): { openings: Map<string, Big>; unseen: WithdrawalEvent[] } {
  return drain(beyondLedgerSteps(events, holdings));
}

/** beyondLedger, pausing every STEP_ITEMS events (core/steps.ts). */
export function* beyondLedgerSteps(
  events: readonly LedgerEvent[],
  holdings: readonly Holding[] = [],
): Generator<void, { openings: Map<string, Big>; unseen: WithdrawalEvent[] }, void> {
  // positions as integers at one scale (intMoves.ts), turned into big.js once at the end
  const moves = new IntMoves(moveScale(events));
  const run = new Map<string, bigint>();
  const low = new Map<string, bigint>();
  // the running position at each holding's time, holdings in time order
  const atHolding: { k: string; h: Holding; built: bigint }[] = [];
  const held = [...holdings].sort((a, b) => a.at - b.at);
  let i = 0;
  const settle = (until: number) => {
    for (; i < held.length && (held[i] as Holding).at < until; i++) {
      const h = held[i] as Holding;
      const k = trackKey(h.profileId, h.accountSeq, h.currency.toLowerCase());
      atHolding.push({ k, h, built: run.get(k) ?? 0n });
    }
  };
  const move = (k: string, d: bigint) => {
    const v = (run.get(k) ?? 0n) + d;
    run.set(k, v);
    if (v < (low.get(k) ?? 0n)) low.set(k, v);
  };
  let n = 0;
  for (const e of events) {
    if (++n % STEP_ITEMS === 0) yield;
    settle(e.at);
    moves.deltas(e, move);
  }
  settle(Number.POSITIVE_INFINITY);
  const openings = new Map<string, Big>();
  for (const [k, v] of low) if (v < 0n) openings.set(k, moves.toBig(-v));
  const latest = new Map<string, { h: Holding; built: Big }>();
  const covered = new Map<string, { h: Holding; built: Big }>();
  for (const { k, h, built: units } of atHolding) {
    const x = { h, built: moves.toBig(units), k };
    latest.set(x.k, x);
    if (x.h.ledgerCovers !== false) covered.set(x.k, x);
  }
  for (const [k, x] of latest) {
    const need = new Big(x.h.qty).minus(x.built);
    if (need.gt(openings.get(k) ?? ZERO)) openings.set(k, need);
  }
  const unseen: WithdrawalEvent[] = [];
  for (const [k, { h, built }] of covered) {
    const currency = h.currency.toLowerCase();
    const missing = (openings.get(k) ?? ZERO).plus(built).minus(h.qty);
    if (!missing.gt(currency === 'krw' ? DUST_KRW : DUST_COIN)) continue;
    unseen.push({
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
  unseen.sort((a, b) => a.at - b.at);
  return { openings, unseen };
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
