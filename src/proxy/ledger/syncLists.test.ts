// The list walks over a scripted exchange (a reader answering from a table of rows, with the exchange's
// own window rules), so the stretches the ledger cannot cover are made to happen: the proxy off for days,
// a recent-only list that overflowed, more fills at one millisecond than a page holds.
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/harness.js';
import type { LedgerReader } from './reader.js';
import { LedgerStore } from './store.js';
import { IncompleteWalk, syncKrw, syncTrades } from './syncLists.js';
import { REACH_SAFETY_MS, TRADE_REACH_MS } from './window.js';

const H = 3600_000;
const a = { owner: 'u', profileId: 'p', accountSeq: 1 };

function exchange(now: () => number) {
  const fills: { tradeId: number; tradedAt: number }[] = [];
  const deposits: { id: number; createdAt: number }[] = [];
  const reads: string[] = [];
  const reader: LedgerReader = {
    async read(path, params) {
      const p = new Map(params);
      reads.push(path);
      const limit = Number(p.get('limit'));
      if (path === '/v2/myTrades') {
        const from = Math.max(Number(p.get('startTime')), now() - TRADE_REACH_MS);
        const to = Number(p.get('endTime'));
        return fills
          .filter((f) => f.tradedAt >= from && f.tradedAt < to)
          .sort((x, y) => y.tradedAt - x.tradedAt)
          .slice(0, limit)
          .map((f) => ({
            ...f,
            orderId: f.tradeId,
            side: 'buy',
            price: '1',
            qty: '1',
            feeCurrency: 'krw',
            feeQty: '0',
          }));
      }
      return deposits
        .slice()
        .sort((x, y) => y.createdAt - x.createdAt)
        .slice(0, limit)
        .map((d) => ({ ...d, quantity: '1000', status: 'done' }));
    },
  };
  return { fills, deposits, reads, reader };
}

describe('list walks', () => {
  it('a proxy off for three days records the stretch the exchange no longer answers as a gap', async () => {
    let now = 10 * 24 * H;
    const ex = exchange(() => now);
    const store = new LedgerStore(tempDir('kapi-ledger-'));
    const c = { store, reader: ex.reader, now: () => now, pageLimit: 2 };
    ex.fills.push({ tradeId: 1, tradedAt: now - H });
    await syncTrades(c, a, 'btc_krw');
    const firstRead = now;
    now += 3 * 24 * H;
    for (let i = 0; i < 7; i++) ex.fills.push({ tradeId: 10 + i, tradedAt: now - (i + 1) * H });
    expect(await syncTrades(c, a, 'btc_krw')).toBe(7); // split windows found all seven, 2 a page
    const reach = now - TRADE_REACH_MS + REACH_SAFETY_MS;
    expect(store.gaps('u', 1)).toMatchObject([
      { list: 'trades', part: 'btc_krw', from: firstRead, to: reach, reason: 'offline' },
    ]);
    expect(store.cursor('u', 1, 'trades', 'btc_krw')).toMatchObject({
      syncedUntil: now,
      oldestReached: firstRead - TRADE_REACH_MS + REACH_SAFETY_MS,
    });
    store.close();
  });

  it('a recent-only list that filled up past the last read records a gap; one that did not, none', async () => {
    let now = 1000 * H;
    const ex = exchange(() => now);
    const store = new LedgerStore(tempDir('kapi-ledger-'));
    const c = { store, reader: ex.reader, now: () => now };
    ex.deposits.push({ id: 1, createdAt: now - H });
    await syncKrw(c, a, 'krwDeposits');
    expect(store.cursor('u', 1, 'krwDeposits', '')?.oldestReached).toBeNull(); // short: all there is
    const last = now;
    now += 10 * H;
    for (let i = 0; i < 100; i++) ex.deposits.push({ id: 100 + i, createdAt: now - H + i });
    await syncKrw(c, a, 'krwDeposits');
    expect(store.gaps('u', 1)).toMatchObject([
      { list: 'krwDeposits', from: last, to: now - H, reason: 'offline' },
    ]);
    now += H;
    await syncKrw(c, a, 'krwDeposits');
    expect(store.gaps('u', 1)).toHaveLength(1);
    store.close();
  });

  it('more fills at one millisecond than a page holds: reported, and the cursor does not move', async () => {
    const now = 100 * H;
    const ex = exchange(() => now);
    const store = new LedgerStore(tempDir('kapi-ledger-'));
    for (let i = 0; i < 3; i++) ex.fills.push({ tradeId: i + 1, tradedAt: now - H });
    await expect(
      syncTrades({ store, reader: ex.reader, now: () => now, pageLimit: 2 }, a, 'btc_krw'),
    ).rejects.toBeInstanceOf(IncompleteWalk);
    expect(store.cursor('u', 1, 'trades', 'btc_krw')).toBeNull();
    expect(store.eventCount('u', 1)).toBe(2); // what was read is kept
    store.close();
  });
});
