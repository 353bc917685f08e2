// Holdings the exchange reports beyond what the ledger built: coins held before the ledger begins (or
// moved by events it cannot see) become opening lots, so equity is the account's real one and no gain
// is invented for them.
import { describe, expect, it } from 'vitest';
import { fill, P } from './fixtures.js';
import { buildPnlIndex, type PnlIndexInput } from './pnlIndex.js';
import { queryPnl } from './query.js';
import type { Holding, PnlQuery, PnlReport } from './types.js';

const T = Date.UTC(2027, 0, 10, 0, 0);
const min = (k: number) => T + k * 60_000;
const all: PnlQuery = { from: T - 86_400_000, to: min(600), scope: 'all' };
const run = (input: PnlIndexInput, q: Partial<PnlQuery> = {}) =>
  queryPnl(buildPnlIndex(input), { ...all, ...q });
const asset = (r: PnlReport, c: string) => r.perAsset.find((a) => a.currency === c);
const held = (currency: string, qty: string, priceKrw?: string, at = min(500)): Holding => ({
  profileId: P,
  accountSeq: 1,
  currency,
  qty,
  at,
  ...(priceKrw ? { priceKrw } : {}),
});
function holds(r: PnlReport) {
  const t = r.total;
  expect(
    Number(t.realizedKrw) + Number(t.unrealizedChangeKrw) - Number(t.feesKrw) + Number(t.netFlowsKrw),
  ).toBeCloseTo(Number(t.endEquityKrw) - Number(t.startEquityKrw), 6);
}

describe('holdings beyond the ledger', () => {
  it('an account with balances and no ledger at all: its equity, no invented gain, marked', () => {
    const r = run({ events: [], holdings: [held('krw', '1000000'), held('btc', '0.5', '100000000')] });
    expect(r.total.startEquityKrw).toBe('51000000');
    expect(r.total.endEquityKrw).toBe('51000000');
    expect(r.total.pnlKrw).toBe('0');
    expect(r.total.netFlowsKrw).toBe('0');
    expect(asset(r, 'btc')).toMatchObject({ position: '0.5' });
    expect(r.total.uncertain).toContain('preLedgerHoldings');
    holds(r);
  });

  it('only the difference becomes an opening lot; price moves on it are profit', () => {
    const events = [
      fill(1, min(10), 'buy', '100000000', '0.2'),
      fill(2, min(20), 'sell', '110000000', '0.1'),
      fill(3, min(30), 'buy', '120000000', '0.1'),
    ];
    // the ledger built 0.2 BTC and spent 21,000,000 KRW net; the exchange says 0.5 BTC and 40,000,000 KRW
    const r = run({ events, holdings: [held('btc', '0.5', '120000000'), held('krw', '40000000')] });
    expect(asset(r, 'btc')?.position).toBe('0.5');
    // opening: 0.3 BTC valued at the first known price (100,000,000) and 61,000,000 KRW
    expect(r.total.startEquityKrw).toBe('91000000');
    expect(r.total.endEquityKrw).toBe('100000000');
    expect(r.total.netFlowsKrw).toBe('0');
    expect(r.total.pnlKrw).toBe('9000000');
    holds(r);
  });

  it('a holding equal to the ledger position changes nothing; a sell larger than the ledger still opens a lot', () => {
    const events = [
      fill(1, min(10), 'buy', '100000000', '0.2'),
      fill(2, min(20), 'sell', '100000000', '0.3'),
    ];
    const without = run({ events });
    const withLow = run({ events, holdings: [held('btc', '0', '100000000')] });
    expect(withLow.total).toEqual(without.total);
    expect(asset(withLow, 'btc')?.position).toBe('0');
  });

  it('counts only the ledger up to the holding time; a bad quantity is refused, not used', () => {
    const events = [
      fill(1, min(10), 'buy', '100000000', '0.2'),
      fill(2, min(550), 'buy', '100000000', '0.1'),
    ];
    const r = run({ events, holdings: [held('btc', '0.2', '100000000', min(500))] });
    expect(asset(r, 'btc')?.position).toBe('0.3'); // no opening: 0.2 was built by min(500)
    const index = buildPnlIndex({ events, holdings: [held('btc', '-1'), held('eth', 'lots')] });
    expect(index.rejected.map((x) => x.id)).toEqual(['holding:p1:1:btc', 'holding:p1:1:eth']);
  });

  it("the exchange's average price is the opening lot's provisional cost; the period's P&L does not move with it", () => {
    const events = [
      fill(1, min(10), 'buy', '100000000', '0.1'),
      fill(2, min(400), 'buy', '110000000', '0.1'),
    ];
    const plain = run({ events, holdings: [held('btc', '0.5', '110000000')] });
    const avg = run({ events, holdings: [{ ...held('btc', '0.5', '110000000'), avgPriceKrw: '80000000' }] });
    // 0.3 opening at 80,000,000 blended with 0.1 at 100,000,000 and 0.1 at 110,000,000
    expect(asset(avg, 'btc')?.avgCostKrw).toBe('90000000');
    expect(asset(plain, 'btc')?.avgCostKrw).toBe('102000000');
    expect(asset(avg, 'btc')?.unrealizedKrw).toBe('10000000');
    expect(avg.total.pnlKrw).toBe(plain.total.pnlKrw);
    expect(avg.total.uncertain).toContain('preLedgerHoldings');
    holds(avg);
  });

  it('less held than the ledger built leaves as a withdrawal the ledger could not see, marked', () => {
    const events = [fill(1, min(10), 'buy', '100000000', '0.5')];
    // a transfer of 0.2 BTC to another account that this key may not read
    const r = run({ events, holdings: [held('btc', '0.3', '120000000')] });
    expect(asset(r, 'btc')?.position).toBe('0.3');
    const out = r.flows.filter((f) => f.eventId.startsWith('unseen:'));
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ kind: 'withdrawal', currency: 'btc', amount: '0.2', at: min(500) });
    expect(r.total.uncertain).toContain('unseenOutflow');
    // the outflow is not a loss: at 120,000,000 the 0.5 bought at 100,000,000 gained 10,000,000
    expect(r.total.pnlKrw).toBe('10000000');
    expect(r.total.netFlowsKrw).toBe('-24000000');
    holds(r);
  });

  it('after the balance was read the position is the exchange one, and the period is not marked', () => {
    const events = [
      fill(1, min(10), 'buy', '100000000', '0.5'),
      fill(2, min(550), 'sell', '120000000', '0.1'),
    ];
    const r = run({ events, holdings: [held('btc', '0.3', '120000000')] }, { from: min(520) });
    expect(asset(r, 'btc')?.position).toBe('0.2');
    expect(r.total.uncertain).not.toContain('unseenOutflow');
    expect(r.flows).toEqual([]);
  });

  it('a difference of rounding is not an outflow; won below what the ledger built is', () => {
    const events = [fill(1, min(10), 'buy', '100000000', '0.5')];
    const dust = run({ events, holdings: [held('btc', '0.499999995', '100000000')] });
    expect(dust.flows).toEqual([]);
    expect(dust.total.uncertain).not.toContain('unseenOutflow');
    const krw = run({
      events: [
        {
          kind: 'deposit',
          id: 'd1',
          profileId: P,
          accountSeq: 1,
          at: min(5),
          currency: 'krw',
          amount: '60000000',
          status: 'done',
        },
        ...events,
      ],
      holdings: [held('krw', '5000000'), held('btc', '0.5', '100000000')],
    });
    // 60,000,000 in, 50,000,000 spent: 10,000,000 built, 5,000,000 held
    const out = krw.flows.filter((f) => f.eventId.startsWith('unseen:'));
    expect(out.map((f) => [f.currency, f.amount])).toEqual([['krw', '5000000']]);
    holds(krw);
  });

  it('a balance read before the ledger caught up (a fill may be unread) is not taken as an outflow', () => {
    const events = [fill(1, min(10), 'buy', '100000000', '0.5')];
    const r = run({ events, holdings: [{ ...held('btc', '0.3', '120000000'), ledgerCovers: false }] });
    expect(r.flows).toEqual([]);
    expect(asset(r, 'btc')?.position).toBe('0.5');
  });
});
