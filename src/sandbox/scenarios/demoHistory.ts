// The demo user's own past: 30 days of orders (filled and canceled) with their fills, KRW and coin
// deposits and withdrawals, and transfers between its accounts, so every history view of a demo
// has content. History only: written as closed records, balances are not touched (what the history
// would leave beyond them is closed by withdrawals, demoClosing.ts). Seeded once
// (meta key), in one transaction; deterministic for a seed.
import { div, mul, round } from '../../core/decimal.js';
import { snapToTick } from '../../core/tick.js';
import { LEDGER_DP, toUnits } from '../engine/units.js';
import { UPSERT_ORDER_SQL, upsertOrderArgs } from '../exchange/orderQueries.js';
import type { SbxInternals } from '../internals.js';
import { Rng } from '../market/prng.js';
import type { MarketInfo } from '../types.js';
import { closingFlows } from './demoClosing.js';
import type { PlannedFunding, PlannedOrder } from './demoPlan.js';

const DAY = 24 * 3600_000;
const META_KEY = 'demoHistorySeeded';

const qtyFor = (m: MarketInfo, valueKrw: number, price: number) =>
  (valueKrw / price).toFixed(Math.min(8, m.qtyDecimals)).replace(/\.?0+$/, '') || '0';

/** Pure: what the demo user did over `days` days up to `now` (newest activity densest). */
export function planDemoHistory(input: {
  now: number;
  days: number;
  markets: readonly MarketInfo[];
  accountSeqs: readonly number[];
  seed: number;
}): { orders: PlannedOrder[]; funding: PlannedFunding[] } {
  const rng = new Rng(input.seed);
  const markets = input.markets.filter((m) => m.quoteCurrency === 'krw' && m.status === 'launched');
  const orders: PlannedOrder[] = [];
  const funding: PlannedFunding[] = [];
  const start = input.now - input.days * DAY;
  for (let d = 0; d < input.days; d++) {
    const dayStart = start + d * DAY;
    const recent = d >= input.days - 2;
    for (const seq of input.accountSeqs) {
      const n = recent ? rng.int(4, 9) : rng.int(1, 4);
      for (let i = 0; i < n; i++) {
        const m = markets[rng.int(0, markets.length - 1)];
        if (!m) continue;
        const createdAt = Math.min(input.now - 60_000, Math.floor(dayStart + rng.uniform(0, DAY)));
        const ref =
          Number(m.referencePrice) * (1 + 0.08 * (rng.next() - 0.5) * ((input.days - d) / input.days + 0.2));
        const price = snapToTick(m.tickSizePolicy, ref.toFixed(8), 'nearest');
        const side = rng.chance(0.55) ? 'buy' : 'sell';
        const qty = qtyFor(m, rng.uniform(50_000, 3_000_000), Number(price));
        if (Number(qty) <= 0) continue;
        const filled = rng.chance(0.75);
        const rate = m.takerFeeRate;
        const fee = side === 'buy' ? mul(qty, rate) : mul(mul(qty, price), rate);
        orders.push({
          accountSeq: seq,
          symbol: m.symbol,
          side,
          orderType: filled && rng.chance(0.3) ? 'market' : 'limit',
          price,
          qty,
          status: filled ? 'filled' : 'canceled',
          createdAt,
          closedAt: Math.min(input.now - 45_000, createdAt + rng.int(1_000, 3_600_000)),
          fee: round(fee, 8, 'down'),
          feeCurrency: side === 'buy' ? m.baseCurrency : 'krw',
        });
      }
    }
    // never in the future (the last day ends now), and before the history's closing withdrawals
    const at = () => Math.min(input.now - 60_000, Math.floor(dayStart + rng.uniform(0, DAY)));
    if (d % 5 === 1)
      funding.push({
        kind: 'krwDeposit',
        currency: 'krw',
        quantity: String(rng.int(5, 50) * 100_000),
        createdAt: at(),
      });
    if (d % 9 === 4)
      funding.push({
        kind: 'krwWithdrawal',
        currency: 'krw',
        quantity: String(rng.int(1, 20) * 100_000),
        fee: '1000',
        createdAt: at(),
      });
    if (d % 10 === 2)
      funding.push({ kind: 'coinDeposit', currency: 'btc', quantity: '0.05', createdAt: at() });
    if (d % 12 === 7)
      funding.push({
        kind: 'coinWithdrawal',
        currency: 'eth',
        quantity: '0.5',
        fee: '0.005',
        createdAt: at(),
      });
    if (d % 6 === 3 && input.accountSeqs.length > 1) {
      const to = input.accountSeqs[rng.int(1, input.accountSeqs.length - 1)] ?? 2;
      funding.push({
        kind: 'transfer',
        currency: 'krw',
        quantity: String(rng.int(1, 10) * 100_000),
        createdAt: at(),
        fromAccountSeq: 1,
        toAccountSeq: to,
      });
    }
  }
  return { orders, funding };
}

const ledger = (dec: string) => (toUnits(dec, LEDGER_DP) ?? 0n).toString();

/** Seeds the demo user's history once; returns what was written (0s when already seeded). */
export function seedDemoHistory(sbx: SbxInternals, opts: { days?: number; seed?: number } = {}) {
  if (sbx.store.getMeta(META_KEY)) return { orders: 0, fills: 0, funding: 0 };
  const userId = sbx.demoUserId;
  const seqs = sbx.users.accounts(userId).map((a) => a.accountSeq);
  const markets = sbx.markets.list();
  const byId = new Map(markets.map((m) => [m.symbol, m]));
  const plan = planDemoHistory({
    now: sbx.now(),
    days: opts.days ?? 30,
    markets,
    accountSeqs: seqs,
    seed: opts.seed ?? 42,
  });
  // closed against the balances it leaves as they are (demoClosing.ts)
  const holdings = seqs.flatMap((seq) =>
    sbx.ledger.list(userId, seq).map((b) => ({ accountSeq: seq, currency: b.currency, qty: b.balance })),
  );
  plan.funding.push(...closingFlows(plan, holdings, sbx.now() - 30_000));
  const db = sbx.store.db;
  const insOrder = db.prepare(UPSERT_ORDER_SQL);
  const insMine = db.prepare('INSERT INTO my_trades(user_id, seq, symbol, ts, data) VALUES (?, ?, ?, ?, ?)');
  let fills = 0;
  sbx.commit.run(() => {
    for (const o of plan.orders) {
      const m = byId.get(o.symbol) as MarketInfo;
      const orderId = sbx.store.nextId('order');
      const filled = o.status === 'filled';
      const amt = filled ? mul(o.price, o.qty) : '0';
      const data = {
        orderId,
        symbol: o.symbol,
        orderType: o.orderType,
        side: o.side,
        timeInForce: 'gtc',
        ...(o.orderType === 'limit'
          ? { price: o.price, qty: o.qty }
          : o.side === 'buy'
            ? { amt }
            : { qty: o.qty }),
        filledQty: filled ? o.qty : '0',
        filledAmt: amt,
        ...(filled ? { avgPrice: div(amt, o.qty, 4, 'halfUp'), lastFilledAt: o.closedAt } : {}),
        createdAt: o.createdAt,
        closedAt: o.closedAt,
        status: o.status,
        userId,
        accountSeq: o.accountSeq,
        remaining: 0,
        hold: '0',
        filledQtyU: filled ? Number(toUnits(o.qty, m.qtyDecimals) ?? 0n) : 0,
        filledAmtU: ledger(amt),
      };
      insOrder.run(
        ...upsertOrderArgs({
          orderId,
          userId,
          accountSeq: o.accountSeq,
          symbol: o.symbol,
          clientOrderId: null,
          status: o.status,
          createdAt: o.createdAt,
          closedAt: o.closedAt,
          data: JSON.stringify(data),
        }),
      );
      if (!filled) continue;
      const t = {
        symbol: o.symbol,
        tradeId: sbx.store.nextId(`trade:${o.symbol}`),
        orderId,
        side: o.side,
        price: o.price,
        qty: o.qty,
        amt,
        tradedAt: o.closedAt,
        isTaker: o.orderType === 'market',
        feeCurrency: o.feeCurrency,
        feeQty: o.fee,
      };
      insMine.run(userId, o.accountSeq, o.symbol, o.closedAt, JSON.stringify(t));
      fills++;
    }
    for (const f of plan.funding) {
      const id = sbx.funding.records.nextId(f.kind);
      const base = { id, userId, accountSeq: f.fromAccountSeq ?? 1, createdAt: f.createdAt };
      if (f.kind === 'transfer') {
        sbx.funding.records.save('transfer', {
          ...base,
          transferId: id,
          fromAccountSeq: f.fromAccountSeq ?? 1,
          toAccountSeq: f.toAccountSeq ?? 2,
          currency: f.currency,
          amount: f.quantity,
          status: 'done',
          completedAt: f.createdAt,
        });
      } else if (f.kind === 'krwDeposit' || f.kind === 'krwWithdrawal') {
        sbx.funding.records.save(f.kind, {
          ...base,
          status: 'done',
          quantity: f.quantity,
          ...(f.fee ? { fee: f.fee } : {}),
          updatedAt: Math.min(sbx.now(), f.createdAt + 60_000),
        });
      } else {
        sbx.funding.records.save(f.kind, {
          ...base,
          currency: f.currency,
          network: f.currency === 'usdt' ? 'ETH' : f.currency.toUpperCase(),
          address:
            f.kind === 'coinDeposit' ? 'sandbox-demo-deposit-address' : 'sandbox-demo-withdrawal-address',
          secondaryAddress: null,
          status: 'done',
          quantity: f.quantity,
          ...(f.fee ? { fee: f.fee } : {}),
          transactionHash: `0x${id.toString(16).padStart(8, '0')}demo`,
          updatedAt: Math.min(sbx.now(), f.createdAt + 600_000),
        });
      }
    }
    sbx.store.setMeta(META_KEY, String(sbx.now()));
  });
  return { orders: plan.orders.length, fills, funding: plan.funding.length };
}
