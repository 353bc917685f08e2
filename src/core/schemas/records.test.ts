import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import {
  accountSchema,
  accountTransferSchema,
  allOrderSchema,
  balanceSchema,
  candleSchema,
  coinDepositSchema,
  coinWithdrawalSchema,
  currencyPairSchema,
  currencySchema,
  depositAddressSchema,
  feePolicySchema,
  keyInfoSchema,
  krwDepositSchema,
  krwWithdrawalSchema,
  levelSchema,
  marketAlertSchema,
  myTradeSchema,
  noticeSchema,
  openOrderSchema,
  orderbookSchema,
  orderSchema,
  parseOrThrow,
  placeOrderResponseSchema,
  preventedMatchSchema,
  SchemaError,
  serverTimeSchema,
  tickerSchema,
  tickSizePolicySchema,
  tradeSchema,
  withdrawableAddressSchema,
  withdrawableAmountSchema,
  withdrawalRequestResponseSchema,
} from './index.js';

const T = 1_732_500_000_000;

type Case = {
  name: string;
  schema: z.ZodMiniType;
  sample: Record<string, unknown>;
  /** A field to corrupt and the wrong value to put there. */
  bad: [path: string, value: unknown];
};

const order = {
  orderId: 1234,
  clientOrderId: 'my-order.1',
  symbol: 'btc_krw',
  orderType: 'limit',
  side: 'buy',
  timeInForce: 'gtc',
  price: '140000000',
  qty: '0.001',
  filledQty: '0.0005',
  filledAmt: '70000',
  avgPrice: '140000000',
  createdAt: T,
  lastFilledAt: T + 10,
  status: 'partiallyFilled',
};

const cases: Case[] = [
  {
    name: 'ticker',
    schema: tickerSchema,
    sample: {
      symbol: 'btc_krw',
      open: '139000000',
      high: '141000000',
      low: '138500000',
      close: '140000000',
      prevClose: '139000000',
      priceChange: '-1000000',
      priceChangePercent: '-0.72',
      volume: '123.456',
      quoteVolume: '17283840000.5',
      bestBidPrice: '139999000',
      bestAskPrice: '140000000',
      lastTradedAt: T,
    },
    bad: ['close', 140000000],
  },
  { name: 'level', schema: levelSchema, sample: { price: '140000000', qty: '0.5' }, bad: ['qty', 0.5] },
  {
    name: 'orderbook',
    schema: orderbookSchema,
    sample: {
      timestamp: T,
      bids: [{ price: '139999000', qty: '0.1' }],
      asks: [{ price: '140000000', qty: '0.2', amt: '28000000' }],
    },
    bad: ['timestamp', '1732500000000'],
  },
  {
    name: 'trade',
    schema: tradeSchema,
    sample: { timestamp: T, price: '140000000', qty: '0.01', isBuyerTaker: true, tradeId: 991 },
    bad: ['isBuyerTaker', 'true'],
  },
  {
    name: 'candle',
    schema: candleSchema,
    sample: { timestamp: T, open: '1', high: '2', low: '0.5', close: '1.5', volume: '100' },
    bad: ['high', null],
  },
  {
    name: 'currency pair',
    schema: currencyPairSchema,
    sample: {
      symbol: 'btc_krw',
      status: 'launched',
      baseCurrency: 'btc',
      quoteCurrency: 'krw',
      minOrderValue: '5000',
      maxOrderValue: '1000000000',
    },
    bad: ['status', 7],
  },
  {
    name: 'tick size policy',
    schema: tickSizePolicySchema,
    sample: {
      symbol: 'btc_krw',
      tickSizePolicy: [
        { priceGte: '0', tickSize: '0.0001' },
        { priceGte: '1000000', tickSize: '1000' },
      ],
      orderbookLevels: ['1000', '10000', '100000'],
    },
    bad: ['tickSizePolicy', { priceGte: '0', tickSize: '1' }],
  },
  { name: 'order', schema: orderSchema, sample: order, bad: ['orderId', '1234'] },
  {
    name: 'open order',
    schema: openOrderSchema,
    sample: Object.fromEntries(Object.entries(order).filter(([k]) => k !== 'symbol' && k !== 'timeInForce')),
    bad: ['status', ''],
  },
  {
    name: 'all-orders element',
    schema: allOrderSchema,
    sample: { ...order, status: 'filled', closedAt: T + 20 },
    bad: ['timeInForce', 1],
  },
  {
    name: 'my trade',
    schema: myTradeSchema,
    sample: {
      symbol: 'btc_krw',
      tradeId: 55,
      orderId: 1234,
      side: 'sell',
      price: '140000000',
      qty: '0.001',
      amt: '140000',
      tradedAt: T,
      isTaker: false,
      feeCurrency: 'krw',
      feeQty: '21',
    },
    bad: ['feeQty', 21],
  },
  {
    name: 'prevented match',
    schema: preventedMatchSchema,
    sample: {
      symbol: 'btc_krw',
      preventedMatchId: 7,
      takerOrderId: 1300,
      makerOrderId: 1299,
      takerSide: 'buy',
      price: '140000000',
      qty: '0.002',
      createdAt: T,
      accountSeq: 2,
    },
    bad: ['accountSeq', 0],
  },
  {
    name: 'place-order response',
    schema: placeOrderResponseSchema,
    sample: { orderId: 1234 },
    bad: ['orderId', 'abc'],
  },
  {
    name: 'balance',
    schema: balanceSchema,
    sample: {
      currency: 'btc',
      balance: '1.5',
      available: '1.2',
      tradeInUse: '0.3',
      withdrawalInUse: '0',
      avgPrice: '120000000',
    },
    bad: ['available', '-1'],
  },
  {
    name: 'deposit address',
    schema: depositAddressSchema,
    sample: {
      currency: 'xrp',
      network: 'XRP',
      address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
      secondaryAddress: '12345',
    },
    bad: ['address', 42],
  },
  {
    name: 'withdrawable address',
    schema: withdrawableAddressSchema,
    sample: { currency: 'btc', network: 'BTC', address: 'bc1qexample', secondaryAddress: null },
    bad: ['network', ''],
  },
  {
    name: 'withdrawable amount',
    schema: withdrawableAmountSchema,
    sample: { currency: 'btc', withdrawableAmount: '1.2', withdrawalInUseAmount: '0' },
    bad: ['withdrawableAmount', '1.2e3'],
  },
  {
    name: 'coin deposit',
    schema: coinDepositSchema,
    sample: {
      id: 501,
      currency: 'btc',
      network: 'BTC',
      address: 'bc1qexample',
      secondaryAddress: null,
      status: 'done',
      quantity: '0.5',
      transactionHash: '0xabc',
      createdAt: T,
    },
    bad: ['status', null],
  },
  {
    name: 'coin withdrawal',
    schema: coinWithdrawalSchema,
    sample: {
      id: 601,
      currency: 'eth',
      network: 'ETH',
      address: '0xdeadbeef',
      status: 'processing',
      quantity: '1',
      fee: '0.005',
      transactionHash: null,
      createdAt: T,
    },
    bad: ['fee', undefined],
  },
  {
    name: 'withdrawal request response',
    schema: withdrawalRequestResponseSchema,
    sample: { status: 'pending', coinWithdrawalId: 601 },
    bad: ['coinWithdrawalId', '601'],
  },
  {
    name: 'KRW deposit',
    schema: krwDepositSchema,
    sample: { id: 11, status: 'done', quantity: '1000000', createdAt: T },
    bad: ['quantity', 1000000],
  },
  {
    name: 'KRW withdrawal',
    schema: krwWithdrawalSchema,
    sample: { id: 12, status: 'pending', quantity: '500000', fee: '1000', createdAt: T },
    bad: ['createdAt', 'yesterday'],
  },
  {
    name: 'key info',
    schema: keyInfoSchema,
    sample: {
      apiKey: 'AbCdEf0123456789',
      userUuid: 'b2c5e7e0-0000-4000-8000-000000000001',
      type: 'ed25519',
      publicKey: '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----\n',
      permissions: ['readBalances', 'readOrders', 'writeOrders'],
      whitelist: '127.0.0.1,10.0.0.1',
      expiration: T + 365 * 86_400_000,
      status: 'activated',
      label: 'trading bot',
      allowedAccountSeqs: [1, 2, 3],
      createdAt: T,
    },
    bad: ['allowedAccountSeqs', ['1']],
  },
  {
    name: 'account',
    schema: accountSchema,
    sample: { accountSeq: 1, accountName: '기본 계좌' },
    bad: ['accountSeq', 1.5],
  },
  {
    name: 'account transfer',
    schema: accountTransferSchema,
    sample: {
      transferId: 77,
      fromAccountSeq: 1,
      toAccountSeq: 2,
      currency: 'krw',
      amount: '100000',
      status: 'done',
      createdAt: T,
      completedAt: T + 5,
    },
    bad: ['status', false],
  },
  {
    name: 'fee policy',
    schema: feePolicySchema,
    sample: {
      symbol: 'btc_krw',
      buyFeeCurrency: 'btc',
      sellFeeCurrency: 'krw',
      maxFeeRate: '0.002',
      takerFeeRate: '0.0015',
      makerFeeRate: '-0.0001',
    },
    bad: ['takerFeeRate', 0.0015],
  },
  {
    name: 'currency',
    schema: currencySchema,
    sample: {
      name: 'usdt',
      fullName: 'Tether',
      withdrawalMaxAmountPerRequest: '100000',
      defaultNetwork: 'ETH',
      networkList: [
        {
          name: 'ETH',
          fullName: 'Ethereum',
          withdrawalStatus: 'launched',
          depositStatus: 'launched',
          confirmationCount: 12,
          withdrawalTxFee: '3',
          withdrawalMinAmount: '10',
          withdrawalPrecision: 6,
          hasSecondaryAddr: false,
          contractAddress: '0xdac17f958d2ee523a2206206994597c13d831ec7',
          addressExplorerUrl: 'https://etherscan.io/address/',
        },
      ],
    },
    bad: ['networkList', [{ name: 'ETH', withdrawalStatus: 1, depositStatus: 'launched' }]],
  },
  {
    name: 'notice',
    schema: noticeSchema,
    sample: { title: '점검 안내', createdAt: T, url: 'https://example.com/notice/1' },
    bad: ['title', null],
  },
  {
    name: 'market alert',
    schema: marketAlertSchema,
    sample: {
      symbol: 'xrp_krw',
      alerts: [
        {
          type: 'priceSurge',
          typeKorean: '가격 급등',
          level: 'caution',
          levelKorean: '주의',
          startAt: T,
          endAt: null,
          value: '25.3',
        },
      ],
    },
    bad: ['alerts', 'none'],
  },
  { name: 'server time', schema: serverTimeSchema, sample: { time: T }, bad: ['time', -5] },
];

describe.each(cases)('$name schema', ({ name, schema, sample, bad }) => {
  it('accepts a realistic sample', () => {
    expect(schema.parse(sample)).toEqual(sample);
  });

  it('keeps unknown fields', () => {
    const parsed = schema.parse({ ...sample, addedLater: { nested: [1, 2] }, flag: true }) as Record<
      string,
      unknown
    >;
    expect(parsed.addedLater).toEqual({ nested: [1, 2] });
    expect(parsed.flag).toBe(true);
  });

  it('rejects a wrong type with a readable message naming the field', () => {
    const [field, value] = bad;
    const broken: Record<string, unknown> = { ...sample, [field]: value };
    if (value === undefined) delete broken[field];
    expect(() => parseOrThrow(schema, broken, name)).toThrow(SchemaError);
    try {
      parseOrThrow(schema, broken, name);
    } catch (e) {
      const msg = (e as Error).message;
      expect(msg.startsWith(`Invalid ${name}: at ${field}`)).toBe(true);
      expect(msg).toMatch(/expected/);
      expect(msg).toMatch(/\(got /);
    }
  });

  it('rejects a non-object', () => {
    expect(schema.safeParse('nope').success).toBe(false);
    expect(schema.safeParse(null).success).toBe(false);
  });
});

describe('nullable and optional fields', () => {
  it('level amt may be absent, null or a decimal', () => {
    expect(levelSchema.safeParse({ price: '1', qty: '2' }).success).toBe(true);
    expect(levelSchema.safeParse({ price: '1', qty: '2', amt: null }).success).toBe(true);
    expect(levelSchema.safeParse({ price: '1', qty: '2', amt: '2' }).success).toBe(true);
    expect(levelSchema.safeParse({ price: '1', qty: '2', amt: 2 }).success).toBe(false);
  });

  it('currency pair bounds may be absent or null', () => {
    const base = { symbol: 'eth_btc', status: 'stopped', baseCurrency: 'eth', quoteCurrency: 'btc' };
    expect(currencyPairSchema.parse(base).minOrderValue).toBeUndefined();
    expect(
      currencyPairSchema.parse({ ...base, minOrderValue: null, maxOrderValue: null }).maxOrderValue,
    ).toBeNull();
  });

  it('a market buy order has amt and no price or qty; best order fields may be null', () => {
    const market = {
      orderId: 1,
      symbol: 'btc_krw',
      orderType: 'market',
      side: 'buy',
      timeInForce: 'ioc',
      amt: '10000',
      filledQty: '0',
      filledAmt: '0',
      createdAt: T,
      status: 'pending',
    };
    expect(orderSchema.safeParse(market).success).toBe(true);
    const best = { ...market, orderType: 'best', price: null, qty: null, avgPrice: null, lastFilledAt: null };
    expect(orderSchema.safeParse(best).success).toBe(true);
    expect(
      orderSchema.safeParse({ ...market, closedAt: T, triggeredAt: null, status: 'expired' }).success,
    ).toBe(true);
  });

  it('every order status of spec 3.1 is accepted, unknown ones are kept as received (open enum)', () => {
    for (const status of [
      'pending',
      'open',
      'partiallyFilled',
      'filled',
      'canceled',
      'partiallyFilledCanceled',
      'expired',
    ]) {
      expect(orderSchema.safeParse({ ...order, status }).success).toBe(true);
    }
    expect(orderSchema.parse({ ...order, status: 'triggered' }).status).toBe('triggered');
    expect(orderSchema.safeParse({ ...order, status: '' }).success).toBe(false);
    expect(orderSchema.safeParse({ ...order, status: 3 }).success).toBe(false);
  });

  it('order requires filledQty and filledAmt', () => {
    const { filledQty: _q, ...rest } = order;
    expect(() => parseOrThrow(orderSchema, rest, 'order')).toThrow(/at filledQty: .*\(got missing\)/);
  });

  it('key info accepts an HMAC key without publicKey and rejects an unknown key type', () => {
    const hmac = {
      apiKey: 'k',
      type: 'hmac-sha256',
      permissions: [],
      status: 'deactivated',
      allowedAccountSeqs: [1],
    };
    expect(keyInfoSchema.safeParse(hmac).success).toBe(true);
    expect(keyInfoSchema.safeParse({ ...hmac, type: 'rsa' }).success).toBe(false);
  });

  it('a nested error names the full path', () => {
    const book = {
      timestamp: T,
      bids: [
        { price: '1', qty: '1' },
        { price: '1e3', qty: '1' },
      ],
      asks: [],
    };
    expect(() => parseOrThrow(orderbookSchema, book, 'order book')).toThrow(
      'Invalid order book: at bids[1].price: expected a plain non-negative decimal string',
    );
  });
});
