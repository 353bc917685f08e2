/**
 * Every REST endpoint of spec section 4, called over HTTP with the independent signer, and every
 * response checked against the shared record schemas of src/core/schemas (the proxy and the
 * dashboard parse with the same schemas).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ENDPOINTS } from '../../core/permissions.js';
import * as S from '../../core/schemas/index.js';
import { makeUser, startSandbox } from '../testing/client.js';

let env: Awaited<ReturnType<typeof startSandbox>>;
const covered = new Set<string>();

beforeAll(async () => {
  env = await startSandbox({ rateLimitScale: 100 });
  const mm = (await makeUser(env, 'mm', { krw: '100000000', btc: '10' })).client;
  await mm.data('POST', '/v2/orders', {
    symbol: 'btc_krw',
    side: 'sell',
    orderType: 'limit',
    price: '140000000',
    qty: '0.01',
  });
  await env.hmac.data('POST', '/v2/orders', {
    symbol: 'btc_krw',
    side: 'buy',
    orderType: 'limit',
    price: '140000000',
    qty: '0.004',
  });
  await env.hmac.data('POST', '/v2/orders', {
    symbol: 'btc_krw',
    side: 'sell',
    orderType: 'limit',
    price: '139999000',
    qty: '0.001',
    accountSeq: 2,
  });
  await env.hmac.data('POST', '/v2/orders', {
    symbol: 'btc_krw',
    side: 'buy',
    orderType: 'limit',
    price: '139999000',
    qty: '0.001',
  });
  await env.admin('/admin/deposit', { currency: 'btc', amount: '0.5' });
});
afterAll(async () => {
  await env.sb.close();
});

function check<T extends z.ZodMiniType>(key: string, schema: T, data: unknown): z.infer<T> {
  covered.add(key);
  const r = schema.safeParse(data);
  expect(r.success, `${key}: ${r.success ? '' : r.error.message}\n${JSON.stringify(data)}`).toBe(true);
  return r.data as z.infer<T>;
}
const arr = <T extends z.ZodMiniType>(s: T) => z.array(s);

describe('every endpoint conforms to the shared schemas', () => {
  it('public', async () => {
    const p = async (path: string) => (await env.hmac.pub(path)).body;
    check('GET /v2/tickers', arr(S.tickerSchema), (await p('/v2/tickers')).data);
    check('GET /v2/orderbook', S.orderbookSchema, (await p('/v2/orderbook?symbol=btc_krw&level=10000')).data);
    check(
      'GET /v2/trades',
      arr(S.tradeSchema).check(z.minLength(1)),
      (await p('/v2/trades?symbol=btc_krw')).data,
    );
    check(
      'GET /v2/candles',
      arr(S.candleSchema).check(z.minLength(1)),
      (await p('/v2/candles?symbol=btc_krw&interval=60&limit=5')).data,
    );
    check('GET /v2/currencyPairs', arr(S.currencyPairSchema), (await p('/v2/currencyPairs')).data);
    check(
      'GET /v2/tickSizePolicy',
      arr(S.tickSizePolicySchema),
      (await p('/v2/tickSizePolicy?symbol=btc_krw')).data,
    );
    check('GET /v2/time', S.serverTimeSchema, (await p('/v2/time')).data);
    check('GET /v2/currencies', arr(S.currencySchema), (await p('/v2/currencies')).data);
    check('GET /v2/notices', arr(S.noticeSchema), (await p('/v2/notices')).data);
    check('GET /v2/marketAlerts', arr(S.marketAlertSchema), (await p('/v2/marketAlerts')).data);
  });

  it('orders and trading', async () => {
    const c = env.ed; // ED25519 for this block
    const placed = check(
      'POST /v2/orders',
      S.placeOrderResponseSchema,
      await c.data('POST', '/v2/orders', {
        symbol: 'btc_krw',
        side: 'buy',
        orderType: 'limit',
        price: '100000000',
        qty: '0.001',
        clientOrderId: 'conf-1',
      }),
    );
    check(
      'GET /v2/orders',
      S.orderSchema,
      await c.data('GET', '/v2/orders', { symbol: 'btc_krw', orderId: placed.orderId }),
    );
    check(
      'GET /v2/openOrders',
      arr(S.openOrderSchema).check(z.minLength(1)),
      await c.data('GET', '/v2/openOrders', { symbol: 'btc_krw' }),
    );
    check(
      'GET /v2/allOrders',
      arr(S.allOrderSchema).check(z.minLength(1)),
      await c.data('GET', '/v2/allOrders', { symbol: 'btc_krw' }),
    );
    check(
      'GET /v2/myTrades',
      arr(S.myTradeSchema).check(z.minLength(1)),
      await c.data('GET', '/v2/myTrades', { symbol: 'btc_krw' }),
    );
    check(
      'GET /v2/myPreventedMatches',
      arr(S.preventedMatchSchema).check(z.minLength(1)),
      await c.data('GET', '/v2/myPreventedMatches', { symbol: 'btc_krw', accountSeq: 1 }),
    );
    const del = await c.call('DELETE', '/v2/orders', { symbol: 'btc_krw', clientOrderId: 'conf-1' });
    expect(del.body).toEqual({ success: true });
    covered.add('DELETE /v2/orders');
  });

  it('assets, funding and transfers', async () => {
    const c = env.hmac;
    check('GET /v2/balance', arr(S.balanceSchema).check(z.minLength(1)), await c.data('GET', '/v2/balance'));
    check(
      'POST /v2/coin/depositAddress',
      S.depositAddressSchema,
      await c.data('POST', '/v2/coin/depositAddress', { currency: 'btc' }),
    );
    check(
      'GET /v2/coin/depositAddress',
      S.depositAddressSchema,
      await c.data('GET', '/v2/coin/depositAddress', { currency: 'btc' }),
    );
    check(
      'GET /v2/coin/depositAddresses',
      arr(S.depositAddressSchema).check(z.minLength(1)),
      await c.data('GET', '/v2/coin/depositAddresses'),
    );
    const deps = check(
      'GET /v2/coin/recentDeposits',
      arr(S.coinDepositSchema).check(z.minLength(1)),
      await c.data('GET', '/v2/coin/recentDeposits'),
    );
    check(
      'GET /v2/coin/deposit',
      S.coinDepositSchema,
      await c.data('GET', '/v2/coin/deposit', { currency: deps[0]!.currency, coinDepositId: deps[0]!.id }),
    );
    const addrs = check(
      'GET /v2/coin/withdrawableAddresses',
      arr(S.withdrawableAddressSchema).check(z.minLength(1)),
      await c.data('GET', '/v2/coin/withdrawableAddresses'),
    );
    check(
      'GET /v2/coin/withdrawableAmount',
      arr(S.withdrawableAmountSchema).check(z.length(1)),
      await c.data('GET', '/v2/coin/withdrawableAmount', { currency: 'btc' }),
    );
    const btcAddr = addrs.find((a) => a.currency === 'btc')!;
    const w = check(
      'POST /v2/coin/withdrawal',
      S.withdrawalRequestResponseSchema,
      await c.data('POST', '/v2/coin/withdrawal', {
        currency: 'btc',
        amount: '0.01',
        address: btcAddr.address,
        network: btcAddr.network,
      }),
    );
    check(
      'GET /v2/coin/withdrawal',
      S.coinWithdrawalSchema,
      await c.data('GET', '/v2/coin/withdrawal', { currency: 'btc', coinWithdrawalId: w.coinWithdrawalId }),
    );
    check(
      'GET /v2/coin/recentWithdrawals',
      arr(S.coinWithdrawalSchema).check(z.minLength(1)),
      await c.data('GET', '/v2/coin/recentWithdrawals'),
    );
    // live: cancelable only once reviewing (one funding step after the request)
    for (let i = 0; i < 40; i++) {
      const st = await c.data('GET', '/v2/coin/withdrawal', {
        currency: 'btc',
        coinWithdrawalId: w.coinWithdrawalId,
      });
      if (st.status === 'reviewing') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(
      (await c.call('DELETE', '/v2/coin/withdrawal', { coinWithdrawalId: w.coinWithdrawalId })).body,
    ).toEqual({ success: true });
    covered.add('DELETE /v2/coin/withdrawal');
    expect((await c.call('POST', '/v2/krw/sendKrwDepositPush', { amount: '10000' })).body.success).toBe(true);
    covered.add('POST /v2/krw/sendKrwDepositPush');
    expect((await c.call('POST', '/v2/krw/sendKrwWithdrawalPush', { amount: '10000' })).body.success).toBe(
      true,
    );
    covered.add('POST /v2/krw/sendKrwWithdrawalPush');
    check(
      'GET /v2/krw/recentDeposits',
      arr(S.krwDepositSchema).check(z.minLength(1)),
      await c.data('GET', '/v2/krw/recentDeposits'),
    );
    check(
      'GET /v2/krw/recentWithdrawals',
      arr(S.krwWithdrawalSchema).check(z.minLength(1)),
      await c.data('GET', '/v2/krw/recentWithdrawals'),
    );
    const t = check(
      'POST /v2/accountTransfer',
      S.accountTransferSchema,
      await c.data('POST', '/v2/accountTransfer', {
        accountSeq: 1,
        toAccountSeq: 2,
        currency: 'krw',
        amount: '1000',
      }),
    );
    check(
      'GET /v2/accountTransfer',
      S.accountTransferSchema,
      await c.data('GET', '/v2/accountTransfer', { accountSeq: 2, transferId: t.transferId }),
    );
    check(
      'GET /v2/recentAccountTransfers',
      arr(S.accountTransferSchema).check(z.minLength(1)),
      await c.data('GET', '/v2/recentAccountTransfers', { accountSeq: 1 }),
    );
    check('GET /v2/accounts', arr(S.accountSchema).check(z.length(3)), await c.data('GET', '/v2/accounts'));
    check('GET /v2/currentKeyInfo', S.keyInfoSchema, await c.data('GET', '/v2/currentKeyInfo'));
    check(
      'GET /v2/tradingFeePolicy',
      arr(S.feePolicySchema).check(z.minLength(1)),
      await c.data('GET', '/v2/tradingFeePolicy'),
    );
  });

  it('covered every endpoint of the shared endpoint table', () => {
    const missing = ENDPOINTS.map((e) => `${e.method} ${e.path}`).filter((k) => !covered.has(k));
    expect(missing).toEqual([]);
  });

  it('every error envelope matches the shared error schema', async () => {
    const r = await env.hmac.call('GET', '/v2/orders', { symbol: 'btc_krw', orderId: 424242 });
    check('error', S.errorEnvelopeSchema, r.body);
    check('error404', S.errorEnvelopeSchema, (await env.hmac.pub('/v2/none')).body);
  });
});
