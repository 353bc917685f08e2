import { describe, expect, it, vi } from 'vitest';
import { kstDayStart } from '../../core/desk/dayPnl.js';
import { queryPnl } from '../../core/pnl/query.js';
import type { Forwarder } from '../forward/forwarder.js';
import { tempDir } from '../testing/harness.js';
import { markCoverage } from './holdings.js';
import { type LedgerRecord, tradeRecord } from './records.js';
import { LedgerService } from './service.js';
import { LedgerStore } from './store.js';
import type { LedgerSync } from './sync.js';
import { markListsRead } from './testing/readLists.js';

const tradeRow = (tradeId: number, ts: number, side: 'buy' | 'sell' = 'buy') => ({
  tradeId,
  orderId: tradeId,
  side,
  price: '1',
  qty: '1',
  amt: '1',
  tradedAt: ts,
  isTaker: true,
  feeCurrency: 'krw',
  feeQty: '10',
});
const trade = (tradeId: number, ts: number, side: 'buy' | 'sell', price: string) =>
  tradeRecord({ ...tradeRow(tradeId, ts, side), price, amt: price }, 'btc_krw') as LedgerRecord;

const account = { owner: 'u', accountSeq: 1, profileId: 'p' };
const live = {
  ...account,
  permissions: new Set(['readOrders', 'readDeposits', 'readWithdrawals', 'readTransfers']),
};
const serviceOn = (store: LedgerStore, now: () => number, forwarder = {} as Forwarder) =>
  new LedgerService(
    store,
    { accounts: [live], runtime: new Map() } as unknown as LedgerSync,
    forwarder,
    undefined,
    now,
  );

describe('LedgerService index', () => {
  it('appends new rows to the index it has, and answers as a fresh build would', () => {
    const store = new LedgerStore(tempDir('kapi-ledger-svc-'));
    store.setAccounts([account]);
    const t0 = 1_800_000_000_000;
    const now = () => t0 + 3_600_000;
    store.commit('u', 1, [trade(1, t0 + 1000, 'buy', '100000'), trade(2, t0 + 2000, 'buy', '110000')]);
    const svc = serviceOn(store, now);
    const query = { from: t0, to: now(), scope: 'all' as const };
    const first = svc.index().index;
    const before = queryPnl(first, query);
    store.commit('u', 1, [trade(3, t0 + 3000, 'sell', '120000')]);
    const second = svc.index().index;
    // appended on top of the index it had: the same object, not a new build
    expect(second).toBe(first);
    expect(second.seen.size).toBe(3);
    const after = queryPnl(second, query);
    expect(after).toEqual(queryPnl(serviceOn(store, now).index().index, query));
    expect(after.total.realizedKrw).not.toBe(before.total.realizedKrw);
    // a row older than the newest one: built again, and still as a fresh build answers
    store.commit('u', 1, [trade(4, t0 + 1500, 'buy', '90000')]);
    const third = svc.index().index;
    expect(third).not.toBe(second);
    expect(queryPnl(third, query)).toEqual(queryPnl(serviceOn(store, now).index().index, query));
    store.close();
  });

  it('appends a new fill while a list cannot be read (its gap, open to now, grows without a new build)', () => {
    const store = new LedgerStore(tempDir('kapi-ledger-svc-'));
    store.setAccounts([account]);
    const t0 = 1_800_000_000_000;
    let clock = t0 + 3_600_000;
    store.commit('u', 1, [trade(1, t0 + 1000, 'buy', '100000')]);
    markListsRead(store, 'u', 1, t0, clock);
    const runtime = new Map([['p:1', { listErrors: new Map([['coinDeposits', 'SERVICE_UNAVAILABLE']]) }]]);
    const svc = new LedgerService(
      store,
      { accounts: [live], runtime } as unknown as LedgerSync,
      {} as Forwarder,
      undefined,
      () => clock,
    );
    const first = svc.index();
    expect(first.gaps.some((g) => g.reason === 'unreadable' && g.to === clock)).toBe(true);
    clock += 5_000;
    store.commit('u', 1, [trade(2, clock - 1000, 'sell', '110000')]);
    const second = svc.index();
    expect(second.index).toBe(first.index);
    expect(second.gaps.some((g) => g.reason === 'unreadable' && g.to === clock)).toBe(true);
    store.close();
  });

  it('takes what a sync covered when only its cursors moved (no new rows): the gaps before the first sync end', () => {
    const store = new LedgerStore(tempDir('kapi-ledger-svc-'));
    store.setAccounts([account]);
    const t0 = 1_800_000_000_000;
    const now = () => t0 + 3_600_000;
    store.commit('u', 1, [trade(1, t0 + 1000, 'buy', '100000')]);
    const svc = serviceOn(store, now);
    const dayQuery = { from: t0 + 1_800_000, to: now(), scope: 'all' as const };
    expect(queryPnl(svc.index().index, dayQuery).total.uncertain).toContain('ledgerGap');
    // the first sync of the account: every list read back to t0, no row new
    markListsRead(store, 'u', 1, t0, now());
    expect(queryPnl(svc.index().index, dayQuery).total.uncertain).not.toContain('ledgerGap');
    store.close();
  });
});

describe('LedgerService: holdings and candle closes', () => {
  it('a coin held and never traded is valued at the candle closes: today counts the move since 00:00 KST', async () => {
    const store = new LedgerStore(tempDir('kapi-ledger-marks-'));
    store.setAccounts([account]);
    const now = Date.UTC(2027, 0, 10, 6, 0); // 15:00 KST
    const dayStart = kstDayStart(now); // 00:00 KST = 15:00 UTC the day before
    const answers: Record<string, unknown> = {
      '/v2/balance': [
        { currency: 'krw', balance: '1000000', avgPrice: '0' },
        { currency: 'btc', balance: '1', avgPrice: '90000000' },
      ],
      '/v2/tickers': [{ symbol: 'btc_krw', close: '110000000' }],
    };
    const candles = [
      { timestamp: Date.UTC(2027, 0, 9, 14, 0), close: '100000000' }, // ends at 00:00 KST
      { timestamp: Date.UTC(2027, 0, 10, 5, 0), close: '105000000' },
    ];
    const forwarder = {
      execute: async (req: { path: string; params: [string, string][] }) => {
        const interval = req.params.find(([k]) => k === 'interval')?.[1];
        const data = req.path === '/v2/candles' ? (interval === '60' ? candles : []) : answers[req.path];
        return { envelope: { success: true, data } };
      },
    } as unknown as Forwarder;
    const svc = serviceOn(store, () => now, forwarder);
    const livePrices = await svc.livePrices();
    await svc.prepare(); // what the P&L, the tax year and the CSV read first: holdings, then candles
    // "until now": to is now + 1 (core/pnl/types.ts PnlQuery.to)
    const r = queryPnl(svc.index().index, { from: dayStart, to: now + 1, scope: 'all', livePrices });
    expect(r.total.startEquityKrw).toBe('101000000');
    expect(r.total.endEquityKrw).toBe('111000000');
    expect(r.total.pnlKrw).toBe('10000000');
    expect(r.perAsset.find((a) => a.currency === 'btc')?.avgCostKrw).toBe('90000000');
  });
});

describe('LedgerService: a balance answer that leaves a coin out', () => {
  it('the coin is held at zero (live may leave zero balances out): it leaves as an unseen outflow', async () => {
    const store = new LedgerStore(tempDir('kapi-ledger-absent-'));
    store.setAccounts([account]);
    const t0 = 1_800_000_000_000;
    const now = () => t0 + 3_600_000;
    store.commit('u', 1, [trade(1, t0 + 1000, 'buy', '100000')]);
    markListsRead(store, 'u', 1, t0, now());
    // the whole answer lists KRW only: the bought BTC was sent somewhere this key cannot read
    const answers: Record<string, unknown> = {
      '/v2/balance': [{ currency: 'krw', balance: '0', avgPrice: '0' }],
      '/v2/tickers': [{ symbol: 'btc_krw', close: '100000' }],
    };
    const forwarder = {
      execute: async (req: { path: string }) => ({
        envelope: { success: true, data: answers[req.path] ?? [] },
      }),
    } as unknown as Forwarder;
    const svc = serviceOn(store, now, forwarder);
    await svc.prepare();
    const r = queryPnl(svc.index().index, { from: t0, to: now() + 1, scope: 'all' });
    expect(r.perAsset.find((a) => a.currency === 'btc')?.position ?? '0').toBe('0');
    expect(r.flows.filter((f) => f.eventId.startsWith('unseen:'))).toMatchObject([
      { kind: 'withdrawal', currency: 'btc', amount: '1' },
    ]);
    store.close();
  });
});

describe('LedgerService: a new fill', () => {
  it('reads only the new row from the store, and answers as a fresh service does, before and after the holdings time', async () => {
    const store = new LedgerStore(tempDir('kapi-ledger-incr-'));
    store.setAccounts([account]);
    const t0 = 1_800_000_000_000;
    let clock = t0 + 3_600_000;
    store.commit('u', 1, [trade(1, t0 + 1000, 'buy', '100000'), trade(2, t0 + 2000, 'buy', '100000')]);
    markListsRead(store, 'u', 1, t0, clock);
    // the answer lists KRW only: BTC is held at zero as of now
    const forwarder = {
      execute: async (req: { path: string }) => ({
        envelope: {
          success: true,
          data: req.path === '/v2/balance' ? [{ currency: 'krw', balance: '1000000', avgPrice: '0' }] : [],
        },
      }),
    } as unknown as Forwarder;
    const readAt = clock;
    // a service started now, its holdings read when the first one's were
    const fresh = async () => {
      let at = readAt;
      const other = serviceOn(store, () => at, forwarder);
      await other.prepare();
      at = clock;
      return other.index().index;
    };
    const svc = serviceOn(store, () => clock, forwarder);
    await svc.prepare();
    const first = svc.index().index;
    const wholeReads = vi.spyOn(store, 'eventRows');
    clock += 60_000;
    store.commit('u', 1, [trade(3, clock - 1000, 'buy', '110000')]);
    const second = svc.index().index;
    expect(second).toBe(first); // appended
    expect(wholeReads).not.toHaveBeenCalled();
    const q = { from: t0, to: clock + 1, scope: 'all' as const };
    expect(queryPnl(second, q)).toEqual(queryPnl(await fresh(), q));
    // a coin bought before the holdings were read, in a row the sync found late: held at zero too
    store.commit('u', 1, [
      tradeRecord({ ...tradeRow(4, t0 + 3000), price: '2000', amt: '2000' }, 'eth_krw') as LedgerRecord,
    ]);
    const third = queryPnl(svc.index().index, q);
    expect(third.perAsset.find((a) => a.currency === 'eth')?.position ?? '0').toBe('0');
    expect(third).toEqual(queryPnl(await fresh(), q));
    store.close();
  });
});

describe('LedgerService.indexReady', () => {
  it('builds in slices (other work runs meanwhile), shares one build, then takes what came during it', async () => {
    const store = new LedgerStore(tempDir('kapi-ledger-ready-'));
    store.setAccounts([account]);
    const t0 = 1_800_000_000_000;
    const clock = t0 + 20_000 * 1000;
    const rows: LedgerRecord[] = [];
    for (let i = 1; i <= 12_000; i++) rows.push(trade(i, t0 + i * 1000, i % 3 ? 'buy' : 'sell', '100000'));
    store.commit('u', 1, rows);
    markListsRead(store, 'u', 1, t0, clock);
    const svc = serviceOn(store, () => clock);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const first = svc.indexReady();
    const second = svc.indexReady();
    // a fill arrives while the build runs
    setImmediate(() => store.commit('u', 1, [trade(99_999, clock - 500, 'sell', '110000')]));
    const [a, b] = await Promise.all([first, second]);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
    expect(b.index).toBe(a.index);
    const after = await svc.indexReady();
    expect(after.index.seen.has('p\u0000trade:btc_krw:99999:99999')).toBe(true);
    const q = { from: t0, to: clock + 1, scope: 'all' as const };
    expect(queryPnl(after.index, q)).toEqual(queryPnl(serviceOn(store, () => clock).index().index, q));
    store.close();
  });
});

describe('markCoverage', () => {
  it('says per row whether the ledger had read the account up to the balance time', () => {
    const rows = [
      { profileId: 'p', accountSeq: 1, currency: 'btc', qty: '1', at: 100 },
      { profileId: 'p', accountSeq: 2, currency: 'btc', qty: '1', at: 100 },
      { profileId: 'p', accountSeq: 3, currency: 'btc', qty: '1', at: 100 },
    ];
    const until: Record<number, number | null> = { 1: 150, 2: 99, 3: null };
    const out = markCoverage(rows, (ref) => until[ref.accountSeq] ?? null);
    expect(out.map((r) => r.ledgerCovers)).toEqual([true, false, false]);
  });
});
