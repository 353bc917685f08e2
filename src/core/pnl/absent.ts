// A currency that an account's whole balance answer leaves out is held at zero. The live exchange may
// leave zero balances out of GET /v2/balance (nothing in the spec or the vendor's client says it lists
// them; the sandbox lists every currency it has a row for, zero or not: docs/api-decisions.md). Under
// both readings a currency the ledger moved that the answer does not list is held at zero at the
// answer's time, so what the ledger built for it left by a movement the ledger cannot see
// (ledger.ts beyondLedger), instead of staying on the books for ever.
import { drain, STEP_ITEMS } from '../steps.js';
import { isCounted } from './ledger.js';
import type { AccountRef, Holding, LedgerEvent } from './types.js';

/** One account's whole GET /v2/balance answer (no `currencies` filter) at `at`, as holdings. */
export interface BalanceAnswer extends AccountRef {
  at: number;
  rows: readonly Holding[];
}

/** The (account, currency) tracks an event moves: the keys `deltas` (ledger.ts) pushes, without the arithmetic. */
export function movedCurrencies(e: LedgerEvent, push: (accountSeq: number, currency: string) => void): void {
  if (e.kind === 'trade') {
    push(e.accountSeq, e.symbol.toLowerCase().split('_')[0] as string);
    push(e.accountSeq, 'krw'); // the fee is in KRW or the coin (invalidReason)
  } else if (e.kind === 'transfer') {
    push(e.fromAccountSeq, e.currency.toLowerCase());
    push(e.toAccountSeq, e.currency.toLowerCase());
  } else push(e.accountSeq, e.currency.toLowerCase());
}

/**
 * Zero holdings for the currencies each answer leaves out that its account's counted events moved at or
 * before the answer's time (events at that time count as before it, as in beyondLedger).
 */
export function absentAtZero(answers: readonly BalanceAnswer[], events: readonly LedgerEvent[]): Holding[] {
  return drain(absentAtZeroSteps(answers, events));
}

/** absentAtZero, pausing every STEP_ITEMS events (core/steps.ts). */
export function* absentAtZeroSteps(
  answers: readonly BalanceAnswer[],
  events: readonly LedgerEvent[],
): Generator<void, Holding[], void> {
  if (answers.length === 0) return [];
  // profile -> account -> the answer's time, and what the account moved by then (no string keys per
  // event: this runs over the whole ledger whenever the P&L index is asked after a change)
  const byProfile = new Map<string, Map<number, { at: number; moved: Set<string> }>>();
  for (const a of answers) {
    const accounts = byProfile.get(a.profileId) ?? new Map();
    accounts.set(a.accountSeq, { at: a.at, moved: new Set<string>() });
    byProfile.set(a.profileId, accounts);
  }
  let n = 0;
  for (const e of events) {
    if (++n % STEP_ITEMS === 0) yield;
    const accounts = byProfile.get(e.profileId);
    if (!accounts || !wellFormed(e) || !isCounted(e)) continue;
    movedCurrencies(e, (seq, currency) => {
      const x = accounts.get(seq);
      if (x && e.at <= x.at) x.moved.add(currency);
    });
  }
  const out: Holding[] = [];
  for (const a of answers) {
    const moved = byProfile.get(a.profileId)?.get(a.accountSeq)?.moved;
    if (!moved?.size) continue;
    const listed = new Set(a.rows.map((r) => r.currency.toLowerCase()));
    for (const currency of moved)
      if (!listed.has(currency))
        out.push({ profileId: a.profileId, accountSeq: a.accountSeq, currency, qty: '0', at: a.at });
  }
  return out;
}

/**
 * Enough of an event's shape to name what it moves. An event with a bad number is left out of the P&L
 * (ledger.ts invalidReason), and a zero row for its currency then changes nothing (nothing was built).
 */
function wellFormed(e: LedgerEvent): boolean {
  return e.kind === 'trade' ? typeof e.symbol === 'string' : typeof e.currency === 'string';
}
