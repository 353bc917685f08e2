import { describe, expect, it } from 'vitest';
import { INVALID_FORMAT, parseMessage } from './protocol.js';

describe('parseMessage', () => {
  it('answers invalid_format to garbage, bare objects and empty arrays', () => {
    for (const raw of [
      '',
      'garbage',
      '{"method":"subscribe"}',
      '[]',
      '42',
      'null',
      '"x"',
      '[1',
      '\u0000\uffff',
    ]) {
      expect(parseMessage(raw)).toEqual({ ok: false, fail: INVALID_FORMAT });
    }
  });
  it('parses a valid request array with many symbols', () => {
    const r = parseMessage(
      JSON.stringify([
        {
          requestId: 1,
          method: 'subscribe',
          type: 'orderbook',
          symbols: ['btc_krw', 'eth_krw'],
          level: 10000,
        },
      ]),
    );
    expect(r).toEqual({
      ok: true,
      items: [
        {
          ok: true,
          item: {
            requestId: 1,
            method: 'subscribe',
            type: 'orderbook',
            symbols: ['btc_krw', 'eth_krw'],
            level: '10000',
          },
        },
      ],
    });
  });
  it('fails bad items individually, echoing the requestId', () => {
    const r = parseMessage(
      JSON.stringify([
        { requestId: 2, method: 'sub', type: 'ticker' },
        5,
        { requestId: 'x', method: 'subscribe', type: 'ticker' },
        { requestId: 3, method: 'subscribe', type: 'ticker', symbols: 'btc_krw' },
        { requestId: 4, method: 'subscribe', type: 'myOrder', accountSeqs: [0] },
        { method: 'unsubscribe', type: 'trade' },
      ]),
    );
    if (!r.ok) throw new Error('expected items');
    expect(r.items.map((i) => (i.ok ? 'ok' : `${i.fail.code}:${i.fail.requestId ?? '-'}`))).toEqual([
      'INVALID_REQUEST:2',
      'INVALID_REQUEST:-',
      'INVALID_REQUEST:-',
      'INVALID_REQUEST:3',
      'INVALID_REQUEST:4',
      'ok',
    ]);
  });
  it('bounds the number of requests per message', () => {
    const many = Array.from({ length: 51 }, () => ({
      method: 'subscribe',
      type: 'ticker',
      symbols: ['btc_krw'],
    }));
    const r = parseMessage(JSON.stringify(many));
    expect(r.ok).toBe(false);
  });
});
