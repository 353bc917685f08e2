// After a private-stream gap: rebuild one account's watched pairs from REST back to the gap's start, the
// vendor client's way (korbit-cli internal/stream/backfill.go; docs/api-decisions.md "Private-stream
// gaps"): the openOrders snapshot, then allOrders and myTrades walked back with limit=1000 and endTime
// (core/account/historyWalk.ts), plus a read of each order that left the open set or filled in the gap
// and was created before it (allOrders is walked by creation time). Reads retry transient failures a few
// times; what still fails is reported, never swallowed.
import type { QueryClient } from '@tanstack/react-query';
import { type PageRequest, walkHistory } from '../../../core/account/historyWalk.js';
import type { OrderRow } from '../../../core/account/records.js';
import { ApiError } from '../../../core/errors.js';
import { classifyFailure } from '../../../core/retry.js';
import { allOrderSchema, myTradeSchema, orderSchema } from '../../../core/schemas/orders.js';
import { tolerantArray } from '../../../core/schemas/tolerant.js';
import { apiGet } from '../api.js';
import { qk } from '../queryKeys.js';
import type { MyTrade, OpenOrder } from '../types.js';

/** Orders read one by one after a gap, at most (the rest still show right in the open-orders list). */
const MAX_LOOKUPS = 20;
/** REST reads lag the stream by about a second: the fills are read once more after this. */
const SETTLE_MS = 3_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withRetry<T>(read: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await read();
    } catch (e) {
      if (i + 1 >= tries || classifyFailure(e) === 'fatal') throw e;
      await sleep(500 * 2 ** i);
    }
  }
}

export interface RebuildInput {
  qc: QueryClient;
  profileId: string;
  accountSeq: number;
  symbols: readonly string[];
  startTime: number;
  orders(symbol: string, rows: OrderRow[]): void;
  fills(symbol: string, fills: MyTrade[]): void;
}

export interface RebuildResult {
  complete: boolean;
  failedCode?: string;
}

export async function rebuildAfterGap(o: RebuildInput): Promise<RebuildResult> {
  let complete = true;
  let failedCode: string | undefined;
  for (const symbol of o.symbols) {
    try {
      complete = (await rebuildPair(o, symbol)) && complete;
    } catch (e) {
      failedCode ??= e instanceof ApiError ? e.code : 'NETWORK_ERROR';
    }
  }
  if (o.symbols.length) {
    await sleep(SETTLE_MS);
    for (const symbol of o.symbols) await readFills(o, symbol).catch(() => undefined);
  }
  return { complete, failedCode };
}

async function readFills(o: RebuildInput, symbol: string): Promise<{ fills: MyTrade[]; complete: boolean }> {
  const page = (req: PageRequest) =>
    withRetry(() =>
      apiGet(
        '/v2/myTrades',
        { symbol, accountSeq: o.accountSeq, ...req },
        { profileId: o.profileId, schema: tolerantArray(myTradeSchema, 'my trade') },
      ),
    );
  const r = await walkHistory(
    page,
    o.startTime,
    (t) => t.tradedAt,
    (t) => t.tradeId,
  );
  if (r.rows.length) o.fills(symbol, r.rows);
  return { fills: r.rows, complete: r.complete };
}

async function rebuildPair(o: RebuildInput, symbol: string): Promise<boolean> {
  const openKey = qk.openOrders(o.profileId, o.accountSeq, symbol);
  const before = o.qc.getQueryData<OpenOrder[]>(openKey) ?? [];
  // 1. the open set now (the entry's own fetcher, which lays recent stream updates over it)
  await o.qc.refetchQueries({ queryKey: openKey, exact: true });
  const after = new Set((o.qc.getQueryData<OpenOrder[]>(openKey) ?? []).map((x) => x.orderId));
  // 2. orders created since the gap's start, with their states
  const orderPage = (req: PageRequest) =>
    withRetry(() =>
      apiGet(
        '/v2/allOrders',
        { symbol, accountSeq: o.accountSeq, ...req },
        { profileId: o.profileId, schema: tolerantArray(allOrderSchema, 'order') },
      ),
    );
  const orders = await walkHistory(
    orderPage,
    o.startTime,
    (x) => x.createdAt,
    (x) => x.orderId,
  );
  // 3. fills since the gap's start
  const fills = await readFills(o, symbol);
  // 4. older orders that left the open set or filled meanwhile: read each
  const known = new Set(orders.rows.map((x) => x.orderId));
  const ids = new Set<number>();
  for (const x of before) if (!after.has(x.orderId) && !known.has(x.orderId)) ids.add(x.orderId);
  for (const f of fills.fills) if (!known.has(f.orderId)) ids.add(f.orderId);
  const looked: OrderRow[] = [];
  for (const orderId of [...ids].slice(0, MAX_LOOKUPS)) {
    const one = await withRetry(() =>
      apiGet(
        '/v2/orders',
        { symbol, orderId, accountSeq: o.accountSeq },
        { profileId: o.profileId, schema: orderSchema },
      ),
    ).catch(() => null);
    if (one) looked.push(one);
  }
  const rows: OrderRow[] = [...orders.rows, ...looked];
  if (rows.length) o.orders(symbol, rows);
  return orders.complete && fills.complete && ids.size <= MAX_LOOKUPS;
}
