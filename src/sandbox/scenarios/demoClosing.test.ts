import { describe, expect, it } from 'vitest';
import { beyondLedger } from '../../core/pnl/ledger.js';
import type { MarketInfo } from '../types.js';
import { closingFlows, planEvents } from './demoClosing.js';
import { planDemoHistory } from './demoHistory.js';
import type { PlannedOrder } from './demoPlan.js';

const NOW = Date.UTC(2026, 10, 27, 15, 0);
const market = (base: string, ref: string, tick: string): MarketInfo =>
  ({
    symbol: `${base}_krw`,
    baseCurrency: base,
    quoteCurrency: 'krw',
    status: 'launched',
    referencePrice: ref,
    tickSizePolicy: [{ priceGte: '0', tickSize: tick }],
    qtyDecimals: 8,
    takerFeeRate: '0.0005',
  }) as unknown as MarketInfo;
const MARKETS = [
  market('btc', '140000000', '1000'),
  market('eth', '5000000', '1000'),
  market('sol', '250000', '50'),
  market('doge', '350', '0.1'),
];
// the demo user's balances: account 2 holds no SOL or DOGE, account 3 no coin but USDT
const HOLDINGS = [
  { accountSeq: 1, currency: 'krw', qty: '100000000' },
  { accountSeq: 1, currency: 'btc', qty: '1.5' },
  { accountSeq: 1, currency: 'eth', qty: '20' },
  { accountSeq: 1, currency: 'sol', qty: '300' },
  { accountSeq: 1, currency: 'doge', qty: '200000' },
  { accountSeq: 2, currency: 'krw', qty: '30000000' },
  { accountSeq: 2, currency: 'btc', qty: '0.5' },
  { accountSeq: 2, currency: 'eth', qty: '5' },
  { accountSeq: 3, currency: 'krw', qty: '10000000' },
];
// what each account holds of every currency the plan can move (zero where it holds none)
const ALL = [1, 2, 3].flatMap((accountSeq) =>
  ['krw', 'btc', 'eth', 'sol', 'doge'].map((currency) => ({
    profileId: 'demo',
    accountSeq,
    currency,
    qty: HOLDINGS.find((h) => h.accountSeq === accountSeq && h.currency === currency)?.qty ?? '0',
    at: NOW,
  })),
);
const unseen = (plan: Parameters<typeof closingFlows>[0]) =>
  beyondLedger(planEvents(plan.orders, plan.funding), ALL).unseen;

const buy = (accountSeq: number, symbol: string, qty: string, at: number): PlannedOrder => ({
  accountSeq,
  symbol,
  side: 'buy',
  orderType: 'limit',
  price: '250000',
  qty,
  status: 'filled',
  createdAt: at - 1000,
  closedAt: at,
  fee: '0',
  feeCurrency: 'sol',
});

describe('closingFlows: the demo history closed against the balances it leaves alone', () => {
  it('a coin a sub-account bought and no longer holds goes to the main account, which withdraws it', () => {
    const plan = {
      orders: [buy(2, 'sol_krw', '2', NOW - 5000), buy(2, 'sol_krw', '1.5', NOW - 4000)],
      funding: [],
    };
    const noSol = HOLDINGS.filter((h) => h.currency !== 'sol');
    const toMain = {
      kind: 'transfer',
      currency: 'sol',
      quantity: '3.5',
      createdAt: NOW - 3000,
      fromAccountSeq: 2,
      toAccountSeq: 1,
    };
    expect(closingFlows(plan, noSol, NOW)).toEqual([
      toMain,
      { kind: 'coinWithdrawal', currency: 'sol', quantity: '3.5', createdAt: NOW - 2000 },
    ]);
    // a main account that holds the coin may have held it before: the transfer alone closes it
    expect(closingFlows(plan, HOLDINGS, NOW)).toEqual([toMain]);
  });

  it('a coin still held beyond what was bought needs nothing (it was held before the history)', () => {
    const plan = { orders: [buy(1, 'sol_krw', '2', NOW - 5000)], funding: [] };
    expect(closingFlows(plan, HOLDINGS, NOW)).toEqual([]);
  });

  it('the seeded 30 days leave no outflow the investment results cannot see, once closed', () => {
    for (const seed of [42, 7, 1234]) {
      const plan = planDemoHistory({ now: NOW, days: 30, markets: MARKETS, accountSeqs: [1, 2, 3], seed });
      expect(unseen(plan).length).toBeGreaterThan(0); // the plan alone does leave some
      const closing = closingFlows(plan, HOLDINGS, NOW - 30_000);
      const closed = { orders: plan.orders, funding: [...plan.funding, ...closing] };
      expect(unseen(closed)).toEqual([]);
      // funding stays the main account's; the rest are transfers to it
      for (const f of closing)
        if (f.kind === 'transfer') expect(f.toAccountSeq).toBe(1);
        else expect(f.fromAccountSeq ?? 1).toBe(1);
      // planned moves end before the latest closing time; a currency an account stopped moving earlier is
      // closed then (not all at the end)
      const last = Math.max(...planEvents(plan.orders, plan.funding).map((e) => e.at));
      expect(last).toBeLessThan(NOW - 32_000);
      expect(closing.every((f) => f.createdAt <= NOW - 30_000)).toBe(true);
      expect(closing.some((f) => f.createdAt < NOW - 3_600_000)).toBe(true);
    }
  });
});
