// Property: over random histories (fixed seeds) and random periods and scopes, the engine's equity at
// both ends equals an independent replay of balances x prices, and
//   realized + unrealizedChange - fees + netFlows = endEquity - startEquity   (exactly)
// and the daily bars add up to the period's P&L.
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { DAY_MS, kstDayStart } from '../desk/dayPnl.js';
import { ACCOUNTS, randomHistory as history, P, T0 } from './fixtures.js';
import { buildPnlIndex } from './pnlIndex.js';
import { queryPnl } from './query.js';
import type { AccountRef, LedgerEvent, PriceMark } from './types.js';

/** Independent replay: balances (with what each account must have held before) x last price before t. */
function naiveEquity(
  events: readonly LedgerEvent[],
  marks: readonly PriceMark[],
  scope: Set<number>,
  t: number,
): Big {
  const moves: { at: number; acct: number; cur: string; d: Big }[] = [];
  const obs: { at: number; cur: string; p: string }[] = marks.map((m) => ({
    at: m.at,
    cur: m.currency,
    p: m.priceKrw,
  }));
  for (const e of events) {
    if (e.kind === 'trade') {
      const coin = e.symbol.split('_')[0] as string;
      const s = e.side === 'buy' ? 1 : -1;
      moves.push({ at: e.at, acct: e.accountSeq, cur: coin, d: new Big(e.qty).times(s) });
      moves.push({ at: e.at, acct: e.accountSeq, cur: 'krw', d: new Big(e.qty).times(e.price).times(-s) });
      moves.push({ at: e.at, acct: e.accountSeq, cur: e.feeCurrency, d: new Big(e.fee).neg() });
      obs.push({ at: e.at, cur: coin, p: e.price });
    } else if (e.kind === 'transfer') {
      moves.push({ at: e.at, acct: e.fromAccountSeq, cur: e.currency, d: new Big(e.amount).neg() });
      moves.push({ at: e.at, acct: e.toAccountSeq, cur: e.currency, d: new Big(e.amount) });
    } else {
      const s = e.kind === 'deposit' ? 1 : -1;
      moves.push({
        at: e.at,
        acct: e.accountSeq,
        cur: e.currency,
        d: new Big(e.amount).times(s).minus(e.fee ?? '0'),
      });
    }
  }
  const bal = new Map<string, Big>();
  const low = new Map<string, Big>();
  const atT = new Map<string, Big>();
  for (const m of moves) {
    const k = `${m.acct}:${m.cur}`;
    if (m.at < t) atT.set(k, (atT.get(k) ?? new Big(0)).plus(m.d));
    const v = (bal.get(k) ?? new Big(0)).plus(m.d);
    bal.set(k, v);
    if (v.lt(low.get(k) ?? 0)) low.set(k, v);
  }
  const keys = new Set([...bal.keys()]);
  let eq = new Big(0);
  for (const k of keys) {
    const [acct, cur] = k.split(':') as [string, string];
    if (!scope.has(Number(acct))) continue;
    const held = (atT.get(k) ?? new Big(0)).minus(low.get(k) ?? 0);
    if (held.eq(0)) continue;
    let price = new Big(cur === 'krw' ? 1 : 0);
    if (cur !== 'krw') {
      const mine = obs.filter((o) => o.cur === cur).sort((a, b) => a.at - b.at);
      const before = mine.filter((o) => o.at < t);
      price = new Big((before[before.length - 1] ?? mine[0])?.p ?? 0);
    }
    eq = eq.plus(held.times(price));
  }
  return eq;
}

describe('the P&L identity over random histories', () => {
  it('holds for 300 seeds, random periods and scopes, exactly', () => {
    let checked = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const h = history(seed);
      const index = buildPnlIndex({ events: h.events, marks: h.marks, overrides: h.overrides });
      expect(index.rejected).toEqual([]);
      for (let k = 0; k < 4; k++) {
        const span = h.end - T0 + 2 * DAY_MS;
        let from = T0 - DAY_MS + Math.floor(h.rand() * span);
        let to = from + Math.floor(h.rand() * span);
        if (k % 2 === 0) {
          from = kstDayStart(from);
          to = kstDayStart(to) + DAY_MS;
        }
        const accts = k === 3 ? [ACCOUNTS[Math.floor(h.rand() * 3)] as number] : k === 2 ? [1, 2] : ACCOUNTS;
        const scope: readonly AccountRef[] | 'all' =
          k === 0 ? 'all' : accts.map((accountSeq) => ({ profileId: P, accountSeq }));
        const r = queryPnl(index, { from, to, scope });
        const t = r.total;
        const set = new Set(accts);
        expect(t.startEquityKrw, `seed ${seed} start`).toBe(
          naiveEquity(h.events, h.marks, set, from).toFixed(),
        );
        expect(t.endEquityKrw, `seed ${seed} end`).toBe(naiveEquity(h.events, h.marks, set, to).toFixed());
        const lhs = new Big(t.endEquityKrw).minus(t.startEquityKrw);
        const rhs = new Big(t.realizedKrw).plus(t.unrealizedChangeKrw).minus(t.feesKrw).plus(t.netFlowsKrw);
        expect(rhs.toFixed(), `seed ${seed} period ${k}`).toBe(lhs.toFixed());
        expect(t.pnlKrw).toBe(lhs.minus(t.netFlowsKrw).toFixed());
        const days = r.daily.reduce((s, d) => s.plus(d.pnlKrw), new Big(0));
        expect(days.toFixed(), `seed ${seed} daily`).toBe(new Big(t.pnlKrw).toFixed());
        const assets = r.perAsset.reduce((s, a) => s.plus(a.pnlKrw), new Big(0));
        const krwFees = new Big(t.feesKrw).minus(r.perAsset.reduce((s, a) => s.plus(a.feesKrw), new Big(0)));
        expect(assets.minus(krwFees).toFixed(), `seed ${seed} assets`).toBe(new Big(t.pnlKrw).toFixed());
        checked++;
      }
    }
    expect(checked).toBe(1200);
  });
});
