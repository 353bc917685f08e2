import { describe, expect, it } from 'vitest';
import type { MyTrade, OpenOrder, WsOrder } from '../schemas/index.js';
import { applyOrderRows, fillFromRow, mergeFills, type OrderRow, SeenFills } from './records.js';

const ws = (orderId: number, status: WsOrder['status'], createdAt = orderId): WsOrder => ({
  orderId,
  symbol: 'btc_krw',
  side: 'buy',
  orderType: 'limit',
  price: '100',
  qty: '1',
  filledQty: '0',
  filledAmt: '0',
  createdAt,
  status,
});
const fill = (tradeId: number, tradedAt: number, symbol = 'btc_krw'): MyTrade => ({
  symbol,
  tradeId,
  orderId: 1,
  side: 'buy',
  price: '100',
  qty: '1',
  amt: '100',
  tradedAt,
  isTaker: false,
  feeCurrency: 'krw',
  feeQty: '0.1',
});

describe('open orders merge', () => {
  it('adds unfilled orders (as open), updates partial fills, removes closed ones, newest first', () => {
    let list = applyOrderRows(undefined, [ws(1, 'unfilled'), ws(2, 'unfilled')]);
    expect(list.map((o) => [o.orderId, o.status])).toEqual([
      [2, 'open'],
      [1, 'open'],
    ]);
    list = applyOrderRows(list, [{ ...ws(1, 'partiallyFilled'), filledQty: '0.5' }, ws(2, 'canceled')]);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ orderId: 1, status: 'partiallyFilled', filledQty: '0.5' });
  });

  it('keeps fields a sparse row lacks, and the same list when nothing changed', () => {
    const sparse: OrderRow = { orderId: 1, side: 'buy', status: 'unfilled', price: '100', filledQty: '0' };
    let list = applyOrderRows([], [sparse]);
    expect(list[0]).toMatchObject({ orderId: 1, status: 'open', price: '100', filledQty: '0' });
    list = applyOrderRows(list, [
      { orderId: 1, side: 'buy', status: 'partiallyFilled', filledQty: '0.5', avgPrice: null },
    ]);
    expect(list[0]).toMatchObject({ status: 'partiallyFilled', price: '100', filledQty: '0.5' });
    expect(applyOrderRows(list, [{ orderId: 3, side: 'buy', status: 'canceled' }])).toBe(list);
  });

  it('an unknown status counts as closed; a REST order row (allOrders) applies like a stream row', () => {
    const start: OpenOrder[] = applyOrderRows([], [ws(1, 'unfilled'), ws(2, 'unfilled')]);
    expect(applyOrderRows(start, [ws(1, 'triggered')]).map((o) => o.orderId)).toEqual([2]);
    const rest = { ...ws(2, 'filled'), timeInForce: 'gtc', closedAt: null };
    expect(applyOrderRows(start, [rest]).map((o) => o.orderId)).toEqual([1]);
  });
});

describe('fills merge', () => {
  it('maps a myTrade row to a my-trades record (signed fee kept, amt computed)', () => {
    const row = {
      tradeId: 9,
      orderId: 1,
      side: 'sell' as const,
      price: '100',
      qty: '0.5',
      fee: '-0.05',
      feeCurrency: 'krw',
      filledAt: 7,
      isTaker: false,
    };
    expect(fillFromRow(row, 'btc_krw')).toMatchObject({
      symbol: 'btc_krw',
      amt: '50',
      tradedAt: 7,
      feeQty: '-0.05',
    });
    expect(fillFromRow({ ...row, amt: '49.9' }, 'btc_krw').amt).toBe('49.9');
  });

  it('adds newest first, unique by tradeId, capped; the same list when nothing is new', () => {
    const list = mergeFills([fill(6, 1000)], [fill(7, 2000), fill(7, 2000)]);
    expect(list.map((x) => x.tradeId)).toEqual([7, 6]);
    expect(mergeFills(list, [fill(7, 2000)])).toBe(list);
    expect(mergeFills(list, [fill(8, 3000)], 2).map((x) => x.tradeId)).toEqual([8, 7]);
    expect(mergeFills(undefined, []).length).toBe(0);
  });

  it('tells a fill once whichever source brings it first, per pair', () => {
    const seen = new SeenFills();
    expect(seen.takeNew([fill(1, 1), fill(2, 2)]).map((f) => f.tradeId)).toEqual([1, 2]);
    expect(seen.takeNew([fill(2, 2), fill(3, 3), fill(3, 3)]).map((f) => f.tradeId)).toEqual([3]);
    expect(seen.takeNew([fill(2, 2, 'eth_krw')]).map((f) => f.symbol)).toEqual(['eth_krw']);
    const small = new SeenFills(2);
    small.takeNew([fill(1, 1), fill(2, 2), fill(3, 3)]);
    expect(small.takeNew([fill(1, 1)])).toHaveLength(1); // forgotten past the cap
    expect(small.takeNew([fill(3, 3)])).toHaveLength(0);
  });
});
