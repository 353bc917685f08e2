import { describe, expect, it } from 'vitest';
import type { OrderFate } from '../../../../core/orderFate.js';
import type { FateRecord } from '../../../lib/orders/fateStore.js';
import { fateSentence } from './tell.js';

const FATES: OrderFate[] = [
  'sending',
  'uncertain',
  'open',
  'partiallyFilled',
  'filled',
  'canceled',
  'partiallyFilledCanceled',
  'expired',
  'prevented',
  'rejected',
  'notPlaced',
];

const rec = (fate: OrderFate, extra: Partial<FateRecord> = {}): FateRecord => ({
  clientOrderId: 'web-1',
  orderId: 42,
  symbol: 'btc_krw',
  side: 'buy',
  orderType: 'limit',
  profileId: 'p',
  accountSeq: 1,
  fate,
  filledQty: '0.001',
  at: 0,
  ...extra,
});

describe('fateSentence', () => {
  it('every fate reads as a sentence in Korean and English (no dictionary key leaks)', () => {
    for (const lang of ['ko', 'en'] as const)
      for (const f of FATES) {
        const s = fateSentence(lang, rec(f));
        expect(s.title).not.toMatch(/fate\.|entry\.|trade\./);
        expect(s.body).not.toMatch(/fate\.|\{/);
        expect(s.title).toContain('BTC/KRW');
      }
  });

  it('names the order, the filled size, and keeps the code apart', () => {
    const s = fateSentence('en', rec('prevented', { code: 'CANCELED · SELF_TRADE_PREVENTION' }));
    expect(s.title).toBe('Stopped by self-trade prevention · BTC/KRW Buy Limit');
    expect(s.body).toContain('#42');
    expect(s.body).toContain('0.001 BTC');
    expect(s.code).toBe('CANCELED · SELF_TRADE_PREVENTION');
  });

  it('a refusal is the code in words, in Korean from the dictionary', () => {
    const s = fateSentence('ko', rec('rejected', { code: 'NO_BALANCE', detail: 'Insufficient balance.' }));
    expect(s.body).toBe('잔고가 부족합니다.');
    expect(s.code).toBe('NO_BALANCE');
    const uncertain = fateSentence('ko', rec('uncertain', { orderId: undefined, code: 'NETWORK_ERROR' }));
    expect(uncertain.body).toContain('web-1');
  });
});
