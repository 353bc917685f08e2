// The demo history is written beside balances it does not change (demoHistory.ts). Where its own
// moves would leave an account holding more of a currency than it does (it bought a coin it no longer
// holds), the investment results could only take the difference for an outflow they cannot see
// ("unseenOutflow": every figure of that account marked uncertain, the desk's 00:00 value not rebuilt).
// So the history ends each such currency with a withdrawal of the difference, a record the ledger
// reads, computed by the investment results' own rule (core/pnl/ledger.ts beyondLedger).
import { IntMoves, moveScale } from '../../core/pnl/intMoves.js';
import { beyondLedger } from '../../core/pnl/ledger.js';
import { splitTrackKey, trackKey } from '../../core/pnl/state.js';
import type { Holding, LedgerEvent } from '../../core/pnl/types.js';
import type { PlannedFunding, PlannedOrder } from './demoPlan.js';

const OWNER = 'demo';

/** The plan as the proxy's ledger would read it back (times as records give them). */
export function planEvents(
  orders: readonly PlannedOrder[],
  funding: readonly PlannedFunding[],
): LedgerEvent[] {
  const out: LedgerEvent[] = [];
  orders.forEach((o, i) => {
    if (o.status !== 'filled') return;
    out.push({
      kind: 'trade',
      id: `o${i}`,
      profileId: OWNER,
      accountSeq: o.accountSeq,
      at: o.closedAt,
      symbol: o.symbol,
      side: o.side,
      price: o.price,
      qty: o.qty,
      fee: o.fee,
      feeCurrency: o.feeCurrency,
      tradeId: `t${i}`,
    });
  });
  funding.forEach((f, i) => {
    const base = { id: `f${i}`, profileId: OWNER, accountSeq: f.fromAccountSeq ?? 1, at: f.createdAt };
    if (f.kind === 'transfer') {
      out.push({
        ...base,
        kind: 'transfer',
        currency: f.currency,
        amount: f.quantity,
        fromAccountSeq: f.fromAccountSeq ?? 1,
        toAccountSeq: f.toAccountSeq ?? 2,
        status: 'done',
      });
    } else if (f.kind === 'krwDeposit' || f.kind === 'coinDeposit') {
      out.push({ ...base, kind: 'deposit', currency: f.currency, amount: f.quantity, status: 'done' });
    } else {
      out.push({
        ...base,
        kind: 'withdrawal',
        currency: f.currency,
        amount: f.quantity,
        ...(f.fee ? { fee: f.fee } : {}),
        status: 'done',
      });
    }
  });
  return out.sort((a, b) => a.at - b.at);
}

type Plan = { orders: readonly PlannedOrder[]; funding: readonly PlannedFunding[] };
type Held = readonly { accountSeq: number; currency: string; qty: string }[];

/**
 * The flows that close the plan against what each account holds now, for every account and currency
 * whose history built more than it holds (beyond what it may have held before). Funding is the main
 * account's only (api-facts: deposits and withdrawals take accountSeq 1), so a sub-account's excess is
 * first transferred to the main account, and the main account's excess withdrawn. Each comes a second
 * after the last planned move of its currency in its account (so an account that stopped trading a
 * coin days ago closed it then, not today), and never after `latest`. The planned moves must all come
 * before `latest - 2000`.
 */
export function closingFlows(plan: Plan, holdings: Held, latest: number): PlannedFunding[] {
  const planned = tracked(planEvents(plan.orders, plan.funding));
  const moves: PlannedFunding[] = excess(planned, holdings, latest)
    .filter((u) => u.accountSeq !== 1)
    .map((u) => ({
      kind: 'transfer',
      currency: u.currency,
      quantity: u.amount,
      // before any withdrawal below (latest - 1000 at the latest)
      createdAt: planned.after(u.accountSeq, u.currency, latest - 1000),
      fromAccountSeq: u.accountSeq,
      toAccountSeq: 1,
    }));
  const moved = tracked(planEvents(plan.orders, [...plan.funding, ...moves]));
  const out: PlannedFunding[] = excess(moved, holdings, latest)
    .filter((u) => u.accountSeq === 1)
    .map((u) => ({
      kind: u.currency === 'krw' ? 'krwWithdrawal' : 'coinWithdrawal',
      currency: u.currency,
      quantity: u.amount,
      createdAt: moved.after(1, u.currency, latest),
    }));
  return [...moves, ...out];
}

/**
 * The events with each account-currency track they move (by the investment results' own rule,
 * IntMoves.deltas) and when it last moved; `after`: a second after that, at most `cap`.
 */
function tracked(events: LedgerEvent[]) {
  const moves = new IntMoves(moveScale(events));
  const last = new Map<string, number>();
  for (const e of events) moves.deltas(e, (k) => last.set(k, e.at));
  const after = (seq: number, currency: string, cap: number) =>
    Math.min(cap, (last.get(trackKey(OWNER, seq, currency)) ?? cap) + 1000);
  return { events, last, after };
}

/** What each account's history built beyond what it holds, as the investment results would see it. */
function excess(t: ReturnType<typeof tracked>, holdings: Held, at: number) {
  const held: Holding[] = holdings.map((h) => ({
    profileId: OWNER,
    accountSeq: h.accountSeq,
    currency: h.currency.toLowerCase(),
    qty: h.qty,
    at: at + 1,
  }));
  // every track the plan moves has a holding, zero when the account holds none of that currency
  const have = new Set(held.map((h) => trackKey(OWNER, h.accountSeq, h.currency)));
  for (const k of t.last.keys()) if (!have.has(k)) held.push({ ...splitTrackKey(k), qty: '0', at: at + 1 });
  return beyondLedger(t.events, held).unseen;
}
