import { describe, expect, it } from 'vitest';
import { mergeAssets } from '../../core/account/assets.js';
import {
  isSmallBalance,
  krwPricesFromTickers,
  sortByValue,
  valueBalance,
  valuePortfolio,
} from './valuation.js';

const b = (currency: string, balance: string, avgPrice: string | null = null) => ({
  currency,
  balance,
  available: balance,
  tradeInUse: '0',
  withdrawalInUse: '0',
  avgPrice,
});

describe('valuation', () => {
  it('values a coin at the KRW last price with P&L and return', () => {
    const row = valueBalance(b('btc', '0.5', '90000000'), { btc: '100000000' });
    expect(row.valueKrw).toBe('50000000');
    expect(row.cost).toBe('45000000');
    expect(row.pnl).toBe('5000000');
    expect(row.returnPct).toBe('11.11');
  });

  it('keeps decimal precision where floats would not', () => {
    const row = valueBalance(b('xrp', '0.1', '0.2'), { xrp: '0.3' });
    expect(row.valueKrw).toBe('0.03');
    expect(row.pnl).toBe('0.01');
    expect(row.returnPct).toBe('50');
  });

  it('counts KRW at face value without P&L', () => {
    const row = valueBalance(b('krw', '1234567'), {});
    expect(row.valueKrw).toBe('1234567');
    expect(row.pnl).toBeNull();
  });

  it('leaves unpriced coins out of totals and lists them', () => {
    const v = valuePortfolio([b('krw', '1000'), b('btc', '1', '50'), b('zzz', '5')], { btc: '60' });
    expect(v.totalKrw).toBe('1060');
    expect(v.totalCost).toBe('50');
    expect(v.totalPnl).toBe('10');
    expect(v.totalReturnPct).toBe('20');
    expect(v.unpriced).toEqual(['zzz']);
  });

  it('reports a loss as a negative return', () => {
    const v = valuePortfolio([b('eth', '2', '3000000')], { eth: '2500000' });
    expect(v.totalPnl).toBe('-1000000');
    expect(v.totalReturnPct).toBe('-16.67');
  });

  it('flags small balances and zero balances', () => {
    const prices = { btc: '100000000', xrp: '500' };
    expect(isSmallBalance(valueBalance(b('btc', '0.000001'), prices))).toBe(true); // 100 KRW
    expect(isSmallBalance(valueBalance(b('xrp', '3'), prices))).toBe(false); // 1,500 KRW
    expect(isSmallBalance(valueBalance(b('zzz', '0'), prices))).toBe(true);
    expect(isSmallBalance(valueBalance(b('zzz', '1'), prices))).toBe(false);
  });

  it('sorts KRW first then by value', () => {
    const rows = [b('xrp', '1'), b('krw', '5'), b('btc', '1'), b('zzz', '1')].map((r) =>
      valueBalance(r, { xrp: '500', btc: '100' }),
    );
    expect(sortByValue(rows).map((r) => r.currency)).toEqual(['krw', 'xrp', 'btc', 'zzz']);
  });

  it('builds KRW prices from tickers', () => {
    expect(
      krwPricesFromTickers([
        { symbol: 'btc_krw', close: '1' },
        { symbol: 'eth_btc', close: '2' },
      ]),
    ).toEqual({ btc: '1' });
  });
});

describe('mergeAssets', () => {
  it('replaces changed fields and appends new currencies', () => {
    const merged = mergeAssets(
      [b('krw', '100'), b('btc', '1')],
      [
        { currency: 'btc', balance: '2', available: '1.5', tradeInUse: '0.5' },
        { currency: 'eth', balance: '3', available: '3' },
      ],
    );
    expect(merged.map((m) => m.currency)).toEqual(['krw', 'btc', 'eth']);
    expect(merged[1]).toMatchObject({
      balance: '2',
      available: '1.5',
      tradeInUse: '0.5',
      withdrawalInUse: '0',
    });
    expect(merged[2]).toMatchObject({ balance: '3', tradeInUse: '0' });
  });

  it('returns the same list for an empty frame', () => {
    const list = [b('krw', '1')];
    expect(mergeAssets(list, [])).toBe(list);
  });
});
