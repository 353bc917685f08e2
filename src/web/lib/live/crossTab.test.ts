import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { installCrossTab, isMoneyKey } from './crossTab.js';

const undo: Array<() => void> = [];
afterEach(() => {
  while (undo.length) undo.pop()!();
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('cross-tab invalidation', () => {
  it('only money-related private keys are touched', () => {
    expect(isMoneyKey(['p', 'a', 1, 'balance'])).toBe(true);
    expect(isMoneyKey(['p', 'a', 1, 'krwDeposits'])).toBe(true);
    expect(isMoneyKey(['p', 'a', 'keyInfo'])).toBe(false);
    expect(isMoneyKey(['p', 'a', 1, 'allOrders', 'btc_krw'])).toBe(false);
    expect(isMoneyKey(['public', 'tickers'])).toBe(false);
  });

  it('a successful write in one tab marks balances stale in both tabs, not other data', async () => {
    const tabA = new QueryClient();
    const tabB = new QueryClient();
    undo.push(installCrossTab(tabA), installCrossTab(tabB));
    for (const qc of [tabA, tabB]) {
      qc.setQueryData(['p', 'x', 1, 'balance'], [{ currency: 'krw' }]);
      qc.setQueryData(['p', 'x', 'keyInfo'], { ok: true });
    }
    await tabA
      .getMutationCache()
      .build(tabA, { mutationFn: async () => 'done' })
      .execute(undefined);
    await wait(400);
    for (const qc of [tabA, tabB]) {
      expect(qc.getQueryState(['p', 'x', 1, 'balance'])?.isInvalidated).toBe(true);
      expect(qc.getQueryState(['p', 'x', 'keyInfo'])?.isInvalidated).toBe(false);
    }
  });

  it('a failed write changes nothing', async () => {
    const tab = new QueryClient();
    undo.push(installCrossTab(tab));
    tab.setQueryData(['p', 'x', 1, 'balance'], []);
    await tab
      .getMutationCache()
      .build(tab, {
        mutationFn: async () => {
          throw new Error('refused');
        },
      })
      .execute(undefined)
      .catch(() => {});
    await wait(300);
    expect(tab.getQueryState(['p', 'x', 1, 'balance'])?.isInvalidated).toBe(false);
  });
});
