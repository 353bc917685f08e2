// A currency that an account's whole balance answer leaves out is held at zero. The live exchange may
// leave zero balances out of GET /v2/balance (nothing in the spec or the vendor's client says it lists
// them; the sandbox lists every currency it has a row for, zero or not: docs/api-decisions.md). Under
// both readings a currency the ledger moved that the answer does not list is held at zero at the
// answer's time, so what the ledger built for it left by a movement the ledger cannot see
// (ledger.ts beyondLedger), instead of staying on the books for ever.
import { invalidReason, isCounted } from './ledger.js';
import { accountKey } from './state.js';
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
  const answeredAt = new Map<string, number>();
  for (const a of answers) answeredAt.set(accountKey(a.profileId, a.accountSeq), a.at);
  if (answeredAt.size === 0) return [];
  const moved = new Map<string, Set<string>>();
  for (const e of events) {
    if (invalidReason(e) || !isCounted(e)) continue;
    movedCurrencies(e, (seq, currency) => {
      const k = accountKey(e.profileId, seq);
      const at = answeredAt.get(k);
      if (at === undefined || e.at > at) return;
      const set = moved.get(k);
      if (set) set.add(currency);
      else moved.set(k, new Set([currency]));
    });
  }
  const out: Holding[] = [];
  for (const a of answers) {
    const set = moved.get(accountKey(a.profileId, a.accountSeq));
    if (!set) continue;
    const listed = new Set(a.rows.map((r) => r.currency.toLowerCase()));
    for (const currency of set)
      if (!listed.has(currency))
        out.push({ profileId: a.profileId, accountSeq: a.accountSeq, currency, qty: '0', at: a.at });
  }
  return out;
}
