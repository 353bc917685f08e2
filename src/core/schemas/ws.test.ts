import { describe, expect, it } from 'vitest';
import {
  parseOrThrow,
  privateFrameSchema,
  privateMessageSchema,
  proxyControlFrameSchema,
  publicFrameSchema,
  publicMessageSchema,
  wsAckSchema,
  wsFailSchema,
  wsRequestSchema,
  wsResponseSchema,
} from './index.js';

const T = 1_732_500_000_000;
const ticker = {
  symbol: 'btc_krw',
  open: '139000000',
  high: '141000000',
  low: '138500000',
  close: '140000000',
  prevClose: '139000000',
  priceChange: '1000000',
  priceChangePercent: '0.72',
  volume: '123.456',
  quoteVolume: '17283840000',
  bestBidPrice: '139999000',
  bestAskPrice: '140000000',
  lastTradedAt: T,
};

describe('requests', () => {
  it('accepts the documented request array', () => {
    const req = [
      { requestId: 1, method: 'subscribe', type: 'ticker', symbols: ['btc_krw'] },
      { method: 'subscribe', type: 'orderbook', symbols: ['btc_krw'], level: '10000' },
      { requestId: 3, method: 'unsubscribe', type: 'myOrder', accountSeqs: [1, 2], extra: 'kept' },
    ];
    const parsed = wsRequestSchema.parse(req);
    expect(parsed).toEqual(req);
  });

  it('rejects a bare object, an empty array, an unknown method or channel, and bad symbols', () => {
    expect(wsRequestSchema.safeParse({ method: 'subscribe', type: 'ticker' }).success).toBe(false);
    expect(wsRequestSchema.safeParse([]).success).toBe(false);
    expect(wsRequestSchema.safeParse([{ method: 'sub', type: 'ticker' }]).success).toBe(false);
    expect(wsRequestSchema.safeParse([{ method: 'subscribe', type: 'candles' }]).success).toBe(false);
    expect(() =>
      parseOrThrow(
        wsRequestSchema,
        [{ method: 'subscribe', type: 'ticker', symbols: ['BTC_KRW'] }],
        'request',
      ),
    ).toThrow(/^Invalid request: at \[0\]\.symbols\[0\]: expected a lowercase pair symbol/);
  });
});

describe('acks and failures', () => {
  it('parses both and discriminates on status', () => {
    expect(wsAckSchema.parse({ status: 'success', requestId: 1 })).toEqual({
      status: 'success',
      requestId: 1,
    });
    const fail = { status: 'fail', code: 'INVALID_SYMBOL', message: 'invalid symbol', requestId: 2 };
    expect(wsFailSchema.parse(fail)).toEqual(fail);
    expect(wsFailSchema.safeParse({ status: 'fail', message: 'invalid_format' }).success).toBe(true);
    expect(wsResponseSchema.parse(fail).status).toBe('fail');
    expect(wsResponseSchema.safeParse({ status: 'ok' }).success).toBe(false);
    expect(wsAckSchema.safeParse({ status: 'success', requestId: '1' }).success).toBe(false);
  });
});

describe('public frames', () => {
  it('ticker frame with snapshot', () => {
    const f = { type: 'ticker', timestamp: T, symbol: 'btc_krw', snapshot: true, data: ticker };
    const parsed = publicFrameSchema.parse(f);
    expect(parsed.type === 'ticker' && parsed.data.close).toBe('140000000');
  });

  it('orderbook frame without snapshot; unknown fields kept', () => {
    const f = {
      type: 'orderbook',
      timestamp: T,
      symbol: 'btc_krw',
      data: { timestamp: T, bids: [{ price: '1', qty: '2' }], asks: [], depth: 30 },
      seq: 9,
    };
    const parsed = publicFrameSchema.parse(f) as Record<string, unknown>;
    expect(parsed.seq).toBe(9);
    expect((parsed.data as Record<string, unknown>).depth).toBe(30);
  });

  it('trade frame carries an array of trades', () => {
    const f = {
      type: 'trade',
      timestamp: T,
      symbol: 'eth_krw',
      data: [{ timestamp: T, price: '5000000', qty: '0.1', isBuyerTaker: false, tradeId: 3 }],
    };
    expect(publicFrameSchema.safeParse(f).success).toBe(true);
  });

  it('the data is checked against the type', () => {
    const wrong = { type: 'trade', timestamp: T, symbol: 'btc_krw', data: ticker };
    expect(() => parseOrThrow(publicFrameSchema, wrong, 'frame')).toThrow(/^Invalid frame: at data: /);
    expect(() => parseOrThrow(publicFrameSchema, { ...wrong, type: 'candle' }, 'frame')).toThrow(
      /at type: .*'ticker' \| 'orderbook' \| 'trade'/,
    );
  });

  it('public messages include acks and proxy control frames', () => {
    expect(publicMessageSchema.safeParse({ status: 'success', requestId: 1 }).success).toBe(true);
    expect(
      publicMessageSchema.safeParse({ type: 'proxy', event: 'interrupted', reason: 'upstream closed' })
        .success,
    ).toBe(true);
    expect(publicMessageSchema.safeParse({ type: 'proxy', event: 'paused' }).success).toBe(false);
  });
});

describe('private frames', () => {
  it('myOrder accepts status unfilled and an optional accountSeq', () => {
    const f = {
      channelType: 'myOrder',
      order: {
        accountSeq: 2,
        orders: [
          {
            orderId: 1234,
            symbol: 'btc_krw',
            orderType: 'limit',
            side: 'buy',
            timeInForce: 'gtc',
            price: '140000000',
            qty: '0.001',
            filledQty: '0',
            filledAmt: '0',
            createdAt: T,
            status: 'unfilled',
          },
        ],
      },
    };
    const parsed = privateFrameSchema.parse(f);
    expect(parsed.channelType === 'myOrder' && parsed.order.orders[0]?.status).toBe('unfilled');
    const noSeq = { channelType: 'myOrder', order: { orders: [] } };
    expect(privateFrameSchema.safeParse(noSeq).success).toBe(true);
  });

  it('myTrade', () => {
    const f = {
      channelType: 'myTrade',
      trade: {
        trades: [
          {
            tradeId: 5,
            orderId: 1234,
            side: 'sell',
            price: '140000000',
            qty: '0.001',
            fee: '21',
            feeCurrency: 'krw',
            filledAt: T,
            isTaker: true,
          },
        ],
      },
    };
    expect(privateFrameSchema.safeParse(f).success).toBe(true);
    const bad = structuredClone(f);
    (bad.trade.trades[0] as Record<string, unknown>).isTaker = 'yes';
    expect(() => parseOrThrow(privateFrameSchema, bad, 'myTrade frame')).toThrow(
      /at trade\.trades\[0\]\.isTaker: .*\(got string "yes"\)/,
    );
  });

  it('myAsset carries partial deltas', () => {
    const f = {
      channelType: 'myAsset',
      asset: {
        accountSeq: 1,
        assets: [
          { currency: 'krw', available: '1000000', updatedAt: T },
          {
            currency: 'btc',
            balance: '1',
            available: '0.5',
            tradeInUse: '0.5',
            withdrawalInUse: '0',
            avgPrice: '120000000',
            updatedAt: T,
          },
        ],
      },
    };
    expect(privateFrameSchema.safeParse(f).success).toBe(true);
    expect(
      privateFrameSchema.safeParse({ channelType: 'myAsset', asset: { assets: [{ available: '1' }] } })
        .success,
    ).toBe(false);
  });

  it('rejects an unknown channelType and a public frame', () => {
    expect(privateFrameSchema.safeParse({ channelType: 'myBalance', asset: { assets: [] } }).success).toBe(
      false,
    );
    expect(
      privateFrameSchema.safeParse({ type: 'ticker', timestamp: T, symbol: 'btc_krw', data: ticker }).success,
    ).toBe(false);
  });

  it('private messages include acks, failures and proxy frames', () => {
    expect(
      privateMessageSchema.safeParse({ status: 'fail', code: 'INVALID_REQUEST', message: 'x' }).success,
    ).toBe(true);
    expect(proxyControlFrameSchema.parse({ type: 'proxy', event: 'resumed' })).toEqual({
      type: 'proxy',
      event: 'resumed',
    });
  });
});
