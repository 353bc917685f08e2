import { describe, expect, it } from 'vitest';
import { toLedgerEvent } from './events.js';

describe('toLedgerEvent', () => {
  it('maps each stored record kind onto the P&L engine event, fee included where there is one', () => {
    expect(
      toLedgerEvent('p', 2, 't1', {
        kind: 'trade',
        symbol: 'btc_krw',
        tradeId: '9',
        orderId: '8',
        side: 'sell',
        price: '100',
        qty: '0.5',
        amt: '50',
        feeCurrency: 'krw',
        feeQty: '0.02',
        isTaker: true,
        ts: 5,
      }),
    ).toEqual({
      id: 't1',
      profileId: 'p',
      accountSeq: 2,
      at: 5,
      kind: 'trade',
      symbol: 'btc_krw',
      side: 'sell',
      price: '100',
      qty: '0.5',
      fee: '0.02',
      feeCurrency: 'krw',
      tradeId: '9',
      orderId: '8',
    });
    expect(
      toLedgerEvent('p', 1, 'x1', {
        kind: 'transfer',
        transferId: 'x1',
        direction: 'out',
        fromAccountSeq: 1,
        toAccountSeq: 3,
        currency: 'eth',
        amount: '2',
        status: 'done',
        ts: 6,
      }),
    ).toEqual({
      id: 'x1',
      profileId: 'p',
      accountSeq: 1,
      at: 6,
      kind: 'transfer',
      currency: 'eth',
      amount: '2',
      fromAccountSeq: 1,
      toAccountSeq: 3,
      status: 'done',
    });
    const funding = (kind: 'coinWithdrawal' | 'krwDeposit', fee?: string) =>
      toLedgerEvent('p', 1, 'f', {
        kind,
        id: 'f',
        currency: 'xrp',
        quantity: '10',
        ...(fee ? { fee } : {}),
        status: 'done',
        ts: 7,
      });
    expect(funding('coinWithdrawal', '0.1')).toEqual({
      id: 'f',
      profileId: 'p',
      accountSeq: 1,
      at: 7,
      kind: 'withdrawal',
      currency: 'xrp',
      amount: '10',
      fee: '0.1',
      status: 'done',
    });
    const deposit = funding('krwDeposit');
    expect(deposit.kind).toBe('deposit');
    expect('fee' in deposit).toBe(false);
  });
});
