import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { fundingCurrencies, isCurrencyRequiredRefusal, mergeCoinRows, readCoinList } from './coinLists.js';

const row = (currency: string, id: number, createdAt: number) => ({ id, currency, createdAt });
const refused = () => new ApiError({ status: 400, code: 'BAD_REQUEST', description: 'currency is required' });

describe('isCurrencyRequiredRefusal', () => {
  it('is a 400 that is not a key, clock or account problem', () => {
    expect(isCurrencyRequiredRefusal(refused())).toBe(true);
    expect(isCurrencyRequiredRefusal(new ApiError({ status: 400, code: 'INVALID_CURRENCY' }))).toBe(true);
    expect(isCurrencyRequiredRefusal(new ApiError({ status: 400, code: 'EXCEED_TIME_WINDOW' }))).toBe(false);
    expect(isCurrencyRequiredRefusal(new ApiError({ status: 401, code: 'KEY_EXPIRED' }))).toBe(false);
    expect(isCurrencyRequiredRefusal(new ApiError({ status: 403, code: 'PERMISSION_DENIED' }))).toBe(false);
    expect(isCurrencyRequiredRefusal(new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE' }))).toBe(false);
    expect(isCurrencyRequiredRefusal(new Error('x'))).toBe(false);
    expect(isCurrencyRequiredRefusal(null)).toBe(false);
  });
});

describe('fundingCurrencies', () => {
  it('collects coin currencies from every source, lowercase, sorted, without KRW or junk', () => {
    expect(
      fundingCurrencies(
        [{ currency: 'KRW' }, { currency: 'btc' }, { currency: 'ETH' }],
        [{ currency: null }, { currency: 'xrp' }],
        ['btc', 'sol', 'bad name', ''],
        null,
        undefined,
      ),
    ).toEqual(['btc', 'eth', 'sol', 'xrp']);
  });
});

describe('mergeCoinRows', () => {
  it('merges per-currency lists newest first, without duplicates, to the limit', () => {
    const btc = [row('btc', 5, 500), row('btc', 2, 200)];
    const eth = [row('eth', 5, 400), row('eth', 3, 300), row('btc', 5, 500)];
    const merged = mergeCoinRows([btc, eth], 3);
    expect(merged.map((r) => `${r.currency}${r.id}`)).toEqual(['btc5', 'eth5', 'eth3']);
    expect(mergeCoinRows([btc, eth], 10)).toHaveLength(4);
  });

  it('orders equal times by id, newest id first', () => {
    const merged = mergeCoinRows([[row('btc', 1, 100)], [row('eth', 9, 100)]], 10);
    expect(merged.map((r) => r.id)).toEqual([9, 1]);
  });
});

describe('readCoinList', () => {
  const lists: Record<string, ReturnType<typeof row>[]> = {
    btc: [row('btc', 4, 400), row('btc', 1, 100)],
    eth: [row('eth', 3, 300)],
  };

  it('reads once without currency when that works', async () => {
    const asked: string[] = [];
    const r = await readCoinList({
      mode: undefined,
      readAll: async () => [row('btc', 4, 400)],
      readOne: async (c) => {
        asked.push(c);
        return [];
      },
      currencies: async () => ['btc'],
      limit: 50,
    });
    expect(r.mode).toBe('all');
    expect(r.rows).toHaveLength(1);
    expect(asked).toEqual([]);
  });

  it('asks per currency when the currency-less list is refused, and merges', async () => {
    const r = await readCoinList({
      mode: undefined,
      readAll: async () => {
        throw refused();
      },
      readOne: async (c) => lists[c] ?? [],
      currencies: async () => ['btc', 'eth'],
      limit: 50,
    });
    expect(r.mode).toBe('perCurrency');
    expect(r.currencies).toEqual(['btc', 'eth']);
    expect(r.rows.map((x) => x.id)).toEqual([4, 3, 1]);
    expect(r.failures).toEqual([]);
    expect((r.refusal as ApiError).code).toBe('BAD_REQUEST');
  });

  it('skips the currency-less read once perCurrency is known', async () => {
    let allCalls = 0;
    const r = await readCoinList({
      mode: 'perCurrency',
      readAll: async () => {
        allCalls++;
        return [];
      },
      readOne: async (c) => lists[c] ?? [],
      currencies: async () => ['eth'],
      limit: 50,
    });
    expect(allCalls).toBe(0);
    expect(r.rows.map((x) => x.id)).toEqual([3]);
  });

  it('keeps the rows it could read and names the list it could not', async () => {
    const r = await readCoinList({
      mode: 'perCurrency',
      readAll: async () => [],
      readOne: async (c) => {
        if (c === 'eth') throw new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE' });
        return lists[c] ?? [];
      },
      currencies: async () => ['btc', 'eth'],
      limit: 50,
    });
    expect(r.rows.map((x) => x.id)).toEqual([4, 1]);
    expect(r.failures.map((f) => [f.currency, (f.error as ApiError).code])).toEqual([
      ['eth', 'SERVICE_UNAVAILABLE'],
    ]);
  });

  it('throws when every per-currency list fails, and on other errors of the currency-less read', async () => {
    await expect(
      readCoinList({
        mode: 'perCurrency',
        readAll: async () => [],
        readOne: async () => {
          throw refused();
        },
        currencies: async () => ['btc'],
        limit: 50,
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(
      readCoinList({
        mode: undefined,
        readAll: async () => {
          throw new ApiError({ status: 401, code: 'KEY_EXPIRED' });
        },
        readOne: async () => [],
        currencies: async () => ['btc'],
        limit: 50,
      }),
    ).rejects.toMatchObject({ code: 'KEY_EXPIRED' });
  });

  it('gives rows without a currency the currency they were asked for', async () => {
    const r = await readCoinList({
      mode: 'perCurrency',
      readAll: async () => [],
      readOne: async () => [{ id: 7, currency: '', createdAt: 1 }],
      currencies: async () => ['xrp'],
      limit: 50,
    });
    expect(r.rows[0]?.currency).toBe('xrp');
  });
});
