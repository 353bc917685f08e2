// Hand-computed cases of the P&L engine: partial fills, fees in KRW and in the coin, a sell larger
// than the position bought here, transfers between own accounts, a deposited coin whose cost is
// unknown and then entered.
import { describe, expect, it } from 'vitest';
import { deposit, fill, P, transfer } from './fixtures.js';
import { buildPnlIndex, type PnlIndexInput } from './pnlIndex.js';
import { queryPnl } from './query.js';
import { openingLotId, type PnlQuery, type PnlReport } from './types.js';

const T = Date.UTC(2027, 0, 10, 0, 0); // 09:00 KST
const min = (k: number) => T + k * 60_000;
const all: PnlQuery = { from: T - 86_400_000, to: T + 86_400_000, scope: 'all' };
const run = (input: PnlIndexInput, q: Partial<PnlQuery> = {}) =>
  queryPnl(buildPnlIndex(input), { ...all, ...q });
const asset = (r: PnlReport, c: string) => r.perAsset.find((a) => a.currency === c);

/** The identity every report keeps (see types.ts). */
function holds(r: PnlReport) {
  const t = r.total;
  const lhs = Number(t.endEquityKrw) - Number(t.startEquityKrw);
  expect(
    Number(t.realizedKrw) + Number(t.unrealizedChangeKrw) - Number(t.feesKrw) + Number(t.netFlowsKrw),
  ).toBeCloseTo(lhs, 6);
}

describe('moving average with partial fills and KRW fees', () => {
  const events = [
    deposit(1, min(1), 'krw', '11000000'),
    { ...fill(11, min(2), 'buy', '50000000', '0.1', '2500'), orderId: 'o1' },
    { ...fill(12, min(3), 'buy', '52000000', '0.1', '2600'), orderId: 'o1' },
    fill(13, min(4), 'sell', '55000000', '0.05', '1375'),
  ];
  it('realizes against the average at the sell and keeps the rest at that average', () => {
    const r = run({ events });
    expect(r.total).toMatchObject({
      realizedKrw: '200000',
      feesKrw: '6475',
      netFlowsKrw: '11000000',
      startEquityKrw: '0',
      endEquityKrw: '11793525',
      pnlKrw: '793525',
      unrealizedChangeKrw: '600000',
    });
    expect(asset(r, 'btc')).toMatchObject({
      position: '0.15',
      avgCostKrw: '51000000',
      realizedKrw: '200000',
      unrealizedKrw: '600000',
      feesKrw: '6475',
      pnlKrw: '793525',
    });
    holds(r);
  });
  it('values the end at the live price when it is newer than every mark', () => {
    const r = run({ events }, { livePrices: { btc: '60000000' } });
    // 0.15 btc x 60,000,000 = 9,000,000 against a cost of 7,650,000
    expect(asset(r, 'btc')?.unrealizedKrw).toBe('1350000');
    expect(r.total.endEquityKrw).toBe('12543525');
    holds(r);
  });
  it('flags our average against the exchange one when they differ', () => {
    const ex = (avgPrice: string) => ({
      exchangeAvgPrices: [{ profileId: P, accountSeq: 1, currency: 'btc', avgPrice }],
    });
    expect(
      asset(run({ events }, { scope: [{ profileId: P, accountSeq: 1 }], ...ex('51000000') }), 'btc'),
    ).toMatchObject({
      exchangeAvgPrice: '51000000',
      avgDiffers: false,
    });
    expect(asset(run({ events }, ex('51017000')), 'btc')?.avgDiffers).toBe(false);
    expect(asset(run({ events }, ex('51100000')), 'btc')?.avgDiffers).toBe(true);
  });
});

describe('fees paid in the coin', () => {
  it('are disposals at the fill price: counted as fees, the rest keeps its cost', () => {
    const r = run({
      events: [
        deposit(1, min(1), 'krw', '1000000'),
        fill(1, min(2), 'buy', '400000', '1', '0.001', 'eth', 1, 'eth_krw'),
        fill(2, min(3), 'sell', '500000', '0.5', '0.0005', 'eth', 1, 'eth_krw'),
      ],
    });
    // buy: 0.999 eth left, cost 399,600 (avg 400,000), fee 400; sell 0.5: +50,000, fee 0.0005 at
    // 500,000 = 250 with a cost of 200: +50 realized
    expect(asset(r, 'eth')).toMatchObject({
      position: '0.4985',
      avgCostKrw: '400000',
      realizedKrw: '50050',
      feesKrw: '650',
      unrealizedKrw: '49850',
    });
    expect(r.total).toMatchObject({ endEquityKrw: '1099250', pnlKrw: '99250' });
    holds(r);
  });
});

describe('a sell larger than the position bought here', () => {
  const events = [
    deposit(1, min(1), 'krw', '1000000'),
    fill(1, min(2), 'buy', '100000000', '0.01'),
    fill(2, min(3), 'sell', '110000000', '0.03'),
  ];
  it('treats the excess as held before the ledger, at a provisional cost, and says so', () => {
    const r = run({ events });
    // opening 0.02 btc at the first price (100,000,000): avg 100,000,000, realized 0.03 x 10,000,000
    expect(asset(r, 'btc')).toMatchObject({ position: '0', realizedKrw: '300000', costUnknown: true });
    expect(r.total.uncertain).toEqual(expect.arrayContaining(['preLedgerHoldings', 'costUnknown']));
    holds(r);
  });
  it('uses an entered cost for those coins and drops the marks', () => {
    const r = run({
      events,
      overrides: [{ profileId: P, eventId: openingLotId(P, 1, 'btc'), costKrw: '1200000' }],
    });
    // cost 1,200,000 + 1,000,000 for 0.03 sold for 3,300,000
    expect(asset(r, 'btc')?.realizedKrw).toBe('1100000');
    expect(asset(r, 'btc')?.costUnknown).toBeUndefined();
    expect(r.total.uncertain).not.toContain('preLedgerHoldings');
    expect(r.total.uncertain).not.toContain('costUnknown');
    holds(r);
  });
});

describe('transfers between own accounts', () => {
  const input: PnlIndexInput = {
    events: [
      deposit(1, min(1), 'krw', '1000000', 1),
      fill(1, min(2), 'buy', '100000000', '0.01', '0', 'krw', 1),
      transfer(7, min(4), 'btc', '0.01', 1, 2),
      fill(2, min(5), 'sell', '130000000', '0.01', '0', 'krw', 2),
    ],
    marks: [{ currency: 'btc', at: min(3), priceKrw: '120000000' }],
  };
  it('cancel across the whole: the cost basis moves, only the KRW deposit is a flow', () => {
    const r = run(input);
    expect(r.total).toMatchObject({
      netFlowsKrw: '1000000',
      realizedKrw: '300000',
      pnlKrw: '300000',
      unrealizedChangeKrw: '0',
    });
    expect(r.flows.map((f) => f.eventId)).toEqual(['deposit:krw:1']);
    holds(r);
  });
  it('are flows at market value per account, never a realized gain', () => {
    const one = run(input, { scope: [{ profileId: P, accountSeq: 1 }] });
    expect(one.total).toMatchObject({
      netFlowsKrw: '-200000',
      realizedKrw: '0',
      unrealizedChangeKrw: '200000',
      pnlKrw: '200000',
    });
    expect(one.flows.map((f) => [f.kind, f.valueKrw])).toEqual([
      ['deposit', '1000000'],
      ['transferOut', '-1200000'],
    ]);
    holds(one);
    const two = run(input, { scope: [{ profileId: P, accountSeq: 2 }] });
    // cost 1,000,000 came along: realized 300,000, of which 200,000 was gained before the transfer
    expect(two.total).toMatchObject({
      netFlowsKrw: '1200000',
      realizedKrw: '300000',
      unrealizedChangeKrw: '-200000',
      pnlKrw: '100000',
    });
    holds(two);
  });
});

describe('a coin deposited from outside', () => {
  const events = [
    deposit(1, min(2), 'eth', '1'),
    fill(1, min(3), 'sell', '4500000', '1', '0', 'krw', 1, 'eth_krw'),
  ];
  const marks = [{ currency: 'eth', at: min(1), priceKrw: '4000000' }];
  it('has an unknown cost (its value when it came) and the figures are marked', () => {
    const r = run({ events, marks });
    expect(asset(r, 'eth')).toMatchObject({ realizedKrw: '500000', costUnknown: true });
    expect(r.total).toMatchObject({ netFlowsKrw: '4000000', pnlKrw: '500000' });
    expect(r.total.uncertain).toContain('costUnknown');
    holds(r);
  });
  it('takes the entered cost: the gain before the deposit is realized, not profit of the period', () => {
    const r = run({
      events,
      marks,
      overrides: [{ profileId: P, eventId: 'deposit:eth:1', costKrw: '3000000' }],
    });
    expect(asset(r, 'eth')).toMatchObject({
      realizedKrw: '1500000',
      unrealizedChangeKrw: '-1000000',
      pnlKrw: '500000',
    });
    expect(asset(r, 'eth')?.costUnknown).toBeUndefined();
    expect(r.total.uncertain).not.toContain('costUnknown');
    holds(r);
  });
});

describe('bad input', () => {
  it('leaves events with bad numbers out and lists them, never throws', () => {
    const bad = { ...fill(1, min(1), 'buy', '1e5', '1'), id: 'trade:btc_krw:bad' };
    const index = buildPnlIndex({
      events: [bad, deposit(1, min(2), 'krw', '-5'), deposit(2, min(3), 'krw', '100')],
    });
    expect(index.rejected.map((x) => x.id)).toEqual(['trade:btc_krw:bad', 'deposit:krw:1']);
    expect(queryPnl(index, all).total.netFlowsKrw).toBe('100');
  });
  it('answers an end before the start, or no time, with an empty period', () => {
    const r = run({ events: [deposit(1, min(1), 'krw', '100')] }, { from: min(5), to: min(2) });
    expect(r.total).toMatchObject({
      pnlKrw: '0',
      netFlowsKrw: '0',
      startEquityKrw: '100',
      endEquityKrw: '100',
    });
    expect(run({ events: [] }, { from: Number.NaN, to: Number.NaN }).total.pnlKrw).toBe('0');
  });
  it('counts an event once when the ledger hands it twice', () => {
    const d = deposit(1, min(1), 'krw', '100');
    expect(run({ events: [d, { ...d }] }).total.netFlowsKrw).toBe('100');
  });
});

describe('snapshots, gaps, winners and losers', () => {
  const events = [
    deposit(1, min(1), 'krw', '2000000'),
    fill(1, min(2), 'buy', '100000000', '0.01'),
    fill(2, min(3), 'buy', '4000000', '0.1', '0', 'krw', 1, 'eth_krw'),
    fill(3, min(4), 'sell', '110000000', '0.005'),
    fill(4, min(5), 'sell', '3000000', '0.05', '0', 'krw', 1, 'eth_krw'),
  ];
  const snap = (equityKrw: string) => [{ at: all.to - 60_000, profileId: P, accountSeq: 1, equityKrw }];
  it('shows the proxy snapshot beside the ledger equity and flags a disagreement', () => {
    const ok = run({ events, snapshots: snap('2000000') });
    // cash 2,000,000 - 1,000,000 - 400,000 + 550,000 + 150,000; 0.005 btc x 110M; 0.05 eth x 3M
    expect(ok.total.endEquityKrw).toBe('2000000');
    expect(ok.total.snapshotEndEquityKrw).toBe('2000000');
    expect(ok.total.snapshotStartEquityKrw).toBeUndefined();
    expect(ok.total.uncertain).toEqual([]);
    expect(run({ events, snapshots: snap('2100000') }).total.uncertain).toEqual(['snapshotMismatch']);
  });
  it('marks a period a recorded ledger gap overlaps, and only that one', () => {
    const gaps = [{ profileId: P, accountSeq: 1, list: 'trades', from: min(10), to: min(20) }];
    expect(run({ events, gaps }).total.uncertain).toEqual(['ledgerGap']);
    expect(run({ events, gaps }, { to: min(9) }).total.uncertain).toEqual([]);
  });
  it('lists winners and losers by P&L', () => {
    const r = run({ events });
    // btc: +50,000 realized, +50,000 unrealized; eth: -50,000 realized, -50,000 unrealized
    expect(r.winners).toEqual([{ currency: 'btc', pnlKrw: '100000' }]);
    expect(r.losers).toEqual([{ currency: 'eth', pnlKrw: '-100000' }]);
    expect(asset(r, 'btc')?.shareOfPortfolio).toBe('27.5');
  });
});
