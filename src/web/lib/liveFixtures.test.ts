// The dashboard's stores and reducers run over the live-shaped fixtures (src/core/fixtures/live): the
// order cache, my trades, the balances merge, the monitor caches, the funding picks and private frame
// routing must all work on what the live service really sends.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { mergeAssets } from '../../core/account/assets.js';
import { applyOrderRows, fillFromRow, mergeFills } from '../../core/account/records.js';
import { ODD_MY_ORDER } from '../../core/fixtures/live/odd.js';
import { LIVE_REST } from '../../core/fixtures/live/rest.js';
import {
  LIVE_MY_ASSET,
  LIVE_MY_ORDER,
  LIVE_MY_ORDER_UNTAGGED,
  LIVE_MY_TRADE,
} from '../../core/fixtures/live/ws.js';
import * as S from '../../core/schemas/index.js';
import { isCancelable } from '../features/withdrawals/withdrawRules.js';
import { overlayRecentUpdates, rememberOrderUpdates } from './account-stream/recentOrders.js';
import { frameAccount } from './privateChannels.js';

let prev: S.SchemaReporter;
const reports: string[] = [];
beforeEach(() => {
  reports.length = 0;
  S.resetSchemaReports();
  prev = S.setSchemaReporter((m) => reports.push(m));
});
afterEach(() => {
  S.setSchemaReporter(prev);
});

const openOrders = () =>
  S.tolerantArray(S.openOrderSchema, 'open order').parse(LIVE_REST['GET /v2/openOrders']);
const ordersOf = (f: unknown) => S.readChannel('myOrder', f)!.orders;

describe('trading screen caches over live frames', () => {
  it('myOrder rows (no symbol) update the open orders of the frame pair', () => {
    const rows = ordersOf(LIVE_MY_ORDER).filter((o) => o.symbol === 'btc_krw');
    expect(rows).toHaveLength(2);
    const next = applyOrderRows(openOrders(), rows);
    expect(next.map((o) => [o.orderId, o.status])).toEqual([
      [111, 'open'], // unfilled -> open; newest first
      [1234, 'partiallyFilled'],
      [9001, 'partiallyFilled'],
    ]);
    // an order of another pair's frame is not applied to btc_krw
    expect(ordersOf(LIVE_MY_ORDER_UNTAGGED).filter((o) => o.symbol === 'btc_krw')).toEqual([]);
  });

  it('a closed row removes the order; an unknown status counts as closed (like the vendor client)', () => {
    const start = applyOrderRows(openOrders(), ordersOf(LIVE_MY_ORDER));
    const odd = ordersOf(ODD_MY_ORDER);
    const afterOdd = applyOrderRows(start, odd);
    expect(afterOdd.some((o) => o.orderId === 1)).toBe(false); // 'triggered' is not an open status
    expect(afterOdd.find((o) => o.orderId === 3)).toMatchObject({ status: 'open', side: 'sell' });
    expect(reports).toHaveLength(1); // the row without orderId, once
  });

  it('stream updates overlay a lagging REST list', () => {
    const key = 'p|2|btc_krw';
    rememberOrderUpdates(key, ordersOf(LIVE_MY_ORDER), 1000);
    const list = overlayRecentUpdates(key, openOrders(), 2000);
    expect(list.map((o) => o.orderId).sort()).toEqual([111, 1234, 9001]);
  });

  it('myTrade rows become my-trade records with the frame pair, amt computed', () => {
    const u = S.readChannel('myTrade', LIVE_MY_TRADE)!;
    const fills = u.trades.map((t) => fillFromRow({ ...t, symbol: t.symbol ?? 'btc_krw' }, 'btc_krw'));
    expect(fills[0]).toMatchObject({
      symbol: 'btc_krw',
      amt: '10',
      feeQty: '0.02',
      tradedAt: 1_763_999_999_950,
    });
    const rest = S.tolerantArray(S.myTradeSchema, 'my trade').parse(LIVE_REST['GET /v2/myTrades']);
    const merged = mergeFills(rest, fills);
    expect(merged.map((t) => t.tradeId)).toEqual([7001, 777]);
    expect(mergeFills(merged, fills)).toBe(merged); // a repeated frame adds nothing
    expect(z.array(S.myTradeSchema).safeParse(merged).success).toBe(true);
  });

  it('myAsset rows merge into the REST balances', () => {
    const rest = S.tolerantArray(S.balanceSchema, 'balance').parse(LIVE_REST['GET /v2/balance']);
    const changed = rest.map((b) => (b.currency === 'btc' ? { ...b, available: '0' } : b));
    const merged = mergeAssets(changed, S.readChannel('myAsset', LIVE_MY_ASSET)!.assets);
    expect(merged.find((b) => b.currency === 'btc')).toMatchObject({ available: '7', tradeInUse: '2' });
    expect(merged.find((b) => b.currency === 'krw')).toMatchObject({ available: '700000' });
    expect(z.array(S.balanceSchema).safeParse(merged).success).toBe(true);
  });
});

describe('the account stream merges one row at a time (as the monitor saw them)', () => {
  it('applies myOrder rows per pair and myTrade fills', () => {
    const rows = ordersOf(LIVE_MY_ORDER);
    let list = openOrders() as S.OpenOrder[];
    for (const o of rows) list = applyOrderRows(list, [o]);
    expect(list.map((o) => o.orderId).sort()).toEqual([111, 1234, 9001]);
    list = applyOrderRows(list, [{ ...ordersOf(LIVE_MY_ORDER_UNTAGGED)[0]!, orderId: 111 }]);
    expect(list.some((o) => o.orderId === 111)).toBe(false); // filled: gone
    const t = S.readChannel('myTrade', LIVE_MY_TRADE)!.trades[0]!;
    const fill = fillFromRow({ ...t, symbol: t.symbol ?? '' }, t.symbol ?? '');
    expect(fill).toMatchObject({ symbol: 'btc_krw', amt: '10', feeQty: '0.02' });
    expect(mergeFills(mergeFills([], [fill]), [fill])).toHaveLength(1);
  });
});

describe('private frame routing and funding answers', () => {
  it('routes each live frame to its account (untagged = main account)', () => {
    expect(frameAccount('myOrder', LIVE_MY_ORDER as never)).toBe(2);
    expect(frameAccount('myOrder', LIVE_MY_ORDER_UNTAGGED as never)).toBe(1);
    expect(frameAccount('myTrade', LIVE_MY_TRADE as never)).toBe(2);
    expect(frameAccount('myAsset', LIVE_MY_ASSET as never)).toBe(2);
  });

  it('funding lists parse row by row; statuses outside the designed sets show as received', () => {
    const krw = S.tolerantArray(S.krwDepositSchema, 'krw deposit').parse(
      LIVE_REST['GET /v2/krw/recentDeposits'],
    );
    expect(krw.map((d) => d.status)).toEqual(['processing', 'canceling', 'canceled']);
    const wd = S.coinWithdrawalSchema.parse(LIVE_REST['GET /v2/coin/withdrawal']);
    expect(wd.status).toBe('actionRequired');
    expect(isCancelable(wd.status)).toBe(true);
    const rows = S.withdrawableAmountListSchema.parse(LIVE_REST['GET /v2/coin/withdrawableAmount']);
    expect(S.pickWithdrawable(rows, 'btc')).toMatchObject({ withdrawableAmount: '6.9998' });
    const addrs = z.array(S.withdrawableAddressSchema).parse(LIVE_REST['GET /v2/coin/withdrawableAddresses']);
    expect(addrs.filter((a) => S.addressFits(a, 'usdt', 'ETH')).map((a) => a.address)).toEqual([
      '0x000000000000000000000000000000000000beef',
    ]);
    expect(reports).toEqual([]);
  });
});
