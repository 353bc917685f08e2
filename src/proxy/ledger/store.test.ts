import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/harness.js';
import { fundingRecord, type LedgerRecord, tradeRecord, transferRecord } from './records.js';
import { LedgerStore } from './store.js';

const trade = (tradeId: number, ts: number, orderId = 1) =>
  tradeRecord(
    {
      tradeId,
      orderId,
      side: 'buy',
      price: '100',
      qty: '2',
      amt: '200',
      tradedAt: ts,
      isTaker: true,
      feeCurrency: 'btc',
      feeQty: '0.001',
    },
    'btc_krw',
  ) as LedgerRecord;

describe('LedgerStore', () => {
  it('stores a row once however often it is read, and the cursor only moves forward', () => {
    const s = new LedgerStore(tempDir('kapi-ledger-'));
    const move = { list: 'trades' as const, part: 'btc_krw', syncedUntil: 50, oldestReached: 10 };
    expect(s.commit('u', 1, [trade(1, 20), trade(2, 30)], move)).toBe(2);
    expect(s.commit('u', 1, [trade(2, 30), trade(3, 40)], { ...move, syncedUntil: 45 })).toBe(1);
    expect(s.eventCount('u', 1)).toBe(3);
    // the same trade id on the other side (another order) is another fill
    expect(s.commit('u', 1, [trade(3, 40, 2)])).toBe(1);
    expect(s.cursor('u', 1, 'trades', 'btc_krw')).toMatchObject({ syncedUntil: 50, oldestReached: 10 });
    expect(s.events('u', 1).map((e) => e.eventId)).toEqual([
      'trade:btc_krw:1:1',
      'trade:btc_krw:2:1',
      'trade:btc_krw:3:1',
      'trade:btc_krw:3:2',
    ]);
    s.close();
  });

  it('a funding row takes its later status until it is final', () => {
    const s = new LedgerStore(tempDir('kapi-ledger-'));
    const dep = (status: string) =>
      fundingRecord({ id: 7, currency: 'BTC', quantity: '0.5', status, createdAt: 10 }, 'coinDeposit');
    s.commit('u', 1, [dep('pending') as LedgerRecord]);
    s.commit('u', 1, [dep('done') as LedgerRecord]);
    s.commit('u', 1, [dep('failed') as LedgerRecord]);
    const [e] = s.events('u', 1);
    expect(e?.eventId).toBe('deposit:btc:7');
    expect(e?.record).toMatchObject({ status: 'done', currency: 'btc' });
    s.close();
  });

  it('a transfer is stored in each account it touches; rows and cursors survive a reopen', () => {
    const dir = tempDir('kapi-ledger-');
    const s = new LedgerStore(dir);
    const row = {
      transferId: 4,
      fromAccountSeq: 1,
      toAccountSeq: 2,
      currency: 'krw',
      amount: '1000',
      createdAt: 5,
    };
    s.commit('u', 1, [transferRecord(row, 1) as LedgerRecord], {
      list: 'transfers',
      part: '',
      syncedUntil: 9,
    });
    s.commit('u', 2, [transferRecord(row, 2) as LedgerRecord], undefined, [
      { list: 'transfers', part: '', from: 3, to: 4, reason: 'offline' },
    ]);
    s.close();
    const again = new LedgerStore(dir);
    expect(again.events('u', 1)[0]?.record).toMatchObject({ direction: 'out' });
    expect(again.events('u', 2)[0]?.record).toMatchObject({ direction: 'in' });
    expect(again.cursor('u', 1, 'transfers', '')?.syncedUntil).toBe(9);
    expect(again.gaps('u', 2)).toMatchObject([{ list: 'transfers', from: 3, to: 4, reason: 'offline' }]);
    again.close();
  });

  it('a page and its cursor are written together or not at all', () => {
    const s = new LedgerStore(tempDir('kapi-ledger-'));
    const bad = { list: 'trades' as const, part: 'btc_krw', syncedUntil: Number.NaN };
    // a failing cursor write (NOT NULL) rolls the page back
    expect(() => s.commit('u', 1, [trade(1, 20)], bad as never)).toThrow();
    expect(s.eventCount('u', 1)).toBe(0);
    expect(s.cursor('u', 1, 'trades', 'btc_krw')).toBeNull();
    s.close();
  });

  it('rows that lack what the P&L needs are left out, never guessed', () => {
    expect(tradeRecord({ tradeId: 1, orderId: 1, side: 'buy', price: 'x', qty: '1' }, 'btc_krw')).toBeNull();
    expect(fundingRecord({ id: 1, quantity: '1', status: 'done' }, 'coinDeposit')).toBeNull();
    expect(
      transferRecord(
        { transferId: 1, fromAccountSeq: 2, toAccountSeq: 3, currency: 'krw', amount: '1', createdAt: 1 },
        1,
      ),
    ).toBeNull();
  });
});
