// What each account holds by the exchange, for the P&L engine's opening lots (core/pnl/types.ts
// Holding): taken from the GET /v2/balance the service reads for the exchange's average prices, kept per
// account and replaced at most every HOLDINGS_TTL_MS. An opening lot is the holding minus what the
// ledger built by the holding's time, which later fills do not change, so the index is rebuilt when the
// holdings are replaced, not at every fill.
import { isDecimalString } from '../../core/decimal.js';
import type { BalanceAnswer } from '../../core/pnl/absent.js';
import type { AccountRef, Holding } from '../../core/pnl/types.js';

const HOLDINGS_TTL_MS = 10 * 60_000;
const keyOf = (a: AccountRef) => `${a.profileId}:${a.accountSeq}`;

export class HeldBalances {
  private readonly byAccount = new Map<string, { at: number; rows: Holding[] }>();
  /** Bumped whenever an account's rows are replaced (part of the index's cache key). */
  version = 0;

  constructor(private readonly now: () => number) {}

  due(ref: AccountRef): boolean {
    const e = this.byAccount.get(keyOf(ref));
    return !e || this.now() - e.at >= HOLDINGS_TTL_MS;
  }

  /** Records an account's balance rows (`balance` is the whole holding: available, in orders, withdrawing). */
  note(
    ref: AccountRef,
    rows: readonly { currency?: unknown; balance?: unknown; avgPrice?: unknown }[],
    prices: Record<string, string>,
  ): void {
    const at = this.now();
    const out: Holding[] = [];
    for (const b of rows) {
      if (typeof b.currency !== 'string' || !isDecimalString(b.balance) || b.balance.startsWith('-'))
        continue;
      const currency = b.currency.toLowerCase();
      const h: Holding = {
        profileId: ref.profileId,
        accountSeq: ref.accountSeq,
        currency,
        qty: b.balance,
        at,
      };
      const p = prices[currency];
      if (p !== undefined && currency !== 'krw') h.priceKrw = p;
      if (isDecimalString(b.avgPrice) && b.avgPrice !== '0' && currency !== 'krw') h.avgPriceKrw = b.avgPrice;
      out.push(h);
    }
    this.byAccount.set(keyOf(ref), { at, rows: out });
    this.version++;
  }

  /**
   * The rows of these accounts, each account's as its whole answer (for core/pnl/absent.ts: a currency
   * the answer left out is held at zero), and the latest time among them (-Infinity when none).
   */
  rows(accounts: readonly AccountRef[]): { rows: Holding[]; answers: BalanceAnswer[]; latestAt: number } {
    const rows: Holding[] = [];
    const answers: BalanceAnswer[] = [];
    let latestAt = Number.NEGATIVE_INFINITY;
    for (const a of accounts) {
      const e = this.byAccount.get(keyOf(a));
      if (!e) continue;
      rows.push(...e.rows);
      answers.push({ profileId: a.profileId, accountSeq: a.accountSeq, at: e.at, rows: e.rows });
      if (e.at > latestAt) latestAt = e.at;
    }
    return { rows, answers, latestAt };
  }
}

/**
 * The rows marked with whether the ledger had read the account's lists up to each row's time: only
 * then can holding less than the ledger built be taken as an outflow it could not see.
 */
export function markCoverage(
  rows: readonly Holding[],
  syncedUntil: (ref: AccountRef) => number | null,
): Holding[] {
  const until = new Map<string, number | null>();
  return rows.map((r) => {
    const k = keyOf(r);
    if (!until.has(k)) until.set(k, syncedUntil(r));
    const u = until.get(k);
    return { ...r, ledgerCovers: u != null && u >= r.at };
  });
}
