// Follows each order sent from the ticket until its fate can be told: the myOrder stream first, a REST
// read when the stream is silent, the prevented-matches list when an order is canceled by nobody, and
// for an uncertain send (lost answer, timeout, the proxy's ORDER_STATE_UNKNOWN) lookups by
// clientOrderId and the proxy's journal until the exchange says whether the order exists.

import { z } from 'zod/mini';
import type { OrderRow } from '../../../../core/account/records.js';
import { ApiError } from '../../../../core/errors.js';
import {
  fateFromOrder,
  isFinalFate,
  type JournalState,
  type LookupOutcome,
  needsPreventionCheck,
  type OrderFate,
  resolveStep,
} from '../../../../core/orderFate.js';
import { normalizeOrderStatus } from '../../../../core/orderStatus.js';
import type { JournalEntryView } from '../../../../core/proxyApi/journal.js';
import { orderSchema, preventedMatchSchema } from '../../../../core/schemas/orders.js';
import { followOrder } from '../../../lib/account-stream/index.js';
import { apiGet, proxyGet } from '../../../lib/api.js';
import { type FateRecord, useFates, wasUserCanceled } from '../../../lib/orders/fateStore.js';
import { getPrefs } from '../../../store/prefs.js';
import { dismissToastKey } from '../../../store/toasts.js';
import { forgetPending, pendingOrders, rememberPending } from './pendingStore.js';
import { toastFate } from './tell.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How long a resolution keeps trying (the proxy's own reconciliation runs every minute). */
const RESOLVE_FOR_MS = 150_000;
const STREAM_GRACE_MS = 2_500;

type Base = Pick<FateRecord, 'symbol' | 'side' | 'orderType' | 'profileId' | 'accountSeq'>;

export interface TrackOptions {
  /** Test seam: pause between lookups. */
  pollMs?: number;
}

function tell(coid: string, patch: Partial<FateRecord>) {
  const prev = useFates.getState().byCoid[coid];
  const r = useFates.getState().upsert(coid, patch);
  if (!r) return;
  // Tell a change of fate once. Fills are toasted by the fill alerts (with the fill's price and size)
  // unless the user switched those toasts off.
  const fill = r.fate === 'filled' || r.fate === 'partiallyFilled';
  if (fill && getPrefs().fillToast) {
    dismissToastKey(`order-${coid}`); // the fill toast (fill alerts) replaces "open"
    return;
  }
  if (!prev || prev.fate !== r.fate || prev.code !== r.code) toastFate(r);
}

/** Registers an order just before it is sent. */
export function beginOrder(coid: string, base: Base) {
  useFates.getState().upsert(coid, { ...base, fate: 'sending', code: undefined, detail: undefined });
  useFates.setState({ lastCoid: coid });
}

/** The exchange refused the order outright (a definite answer: nothing was placed). */
export function orderRefused(coid: string, code: string, detail?: string) {
  tell(coid, { fate: 'rejected', code, detail });
}

async function preventedAsTaker(r: FateRecord, orderId: number): Promise<boolean> {
  try {
    const list = await apiGet(
      '/v2/myPreventedMatches',
      { symbol: r.symbol, accountSeq: r.accountSeq, limit: 50 },
      { profileId: r.profileId, schema: z.array(preventedMatchSchema) },
    );
    return list.some((m) => Number(m.takerOrderId) === orderId);
  } catch {
    return false;
  }
}

async function fateOf(r: FateRecord, o: { orderId: number; status: string; filledQty?: string | null }) {
  const ctx = { userCanceled: wasUserCanceled(o.orderId), preventedAsTaker: false };
  if (needsPreventionCheck(o, ctx)) ctx.preventedAsTaker = await preventedAsTaker(r, o.orderId);
  const fate = fateFromOrder(o, ctx);
  const code = normalizeOrderStatus(o.status) === 'open' ? undefined : statusCode(o.status, fate);
  return { fate, code };
}

/** The exchange's status in small print (prevention is a cancel on the exchange's side). */
function statusCode(status: string, fate: OrderFate): string {
  const s = normalizeOrderStatus(status);
  const upper = s.replace(/([A-Z])/g, '_$1').toUpperCase();
  return fate === 'prevented' ? `${upper} · SELF_TRADE_PREVENTION` : upper;
}

/**
 * The exchange accepted the order (it has an id): follow it until it rests, fills, is canceled,
 * expires or is stopped by self-trade prevention.
 */
export function orderAccepted(coid: string, orderId: number, opts: TrackOptions = {}): () => void {
  tell(coid, { orderId, fate: 'open', code: undefined });
  let done = false;
  let heard = false;
  let chain = Promise.resolve();
  const onUpdate = (o: OrderRow) => {
    heard = true;
    chain = chain.then(async () => {
      if (done) return;
      const r = useFates.getState().byCoid[coid];
      if (!r) return;
      const f = await fateOf(r, { orderId, status: o.status, filledQty: o.filledQty });
      tell(coid, { ...f, filledQty: o.filledQty ?? r.filledQty });
      if (isFinalFate(f.fate)) stop();
    });
  };
  const off = followOrder(orderId, onUpdate);
  const stop = () => {
    done = true;
    off();
  };
  // The stream may be down: read the order once if nothing arrived.
  void (async () => {
    await sleep(opts.pollMs ?? STREAM_GRACE_MS);
    if (done || heard) return;
    const r = useFates.getState().byCoid[coid];
    if (!r) return;
    try {
      const o = await apiGet(
        '/v2/orders',
        { symbol: r.symbol, orderId, accountSeq: r.accountSeq },
        { profileId: r.profileId, schema: orderSchema },
      );
      if (!heard) onUpdate({ ...o, orderId, symbol: r.symbol, side: r.side });
    } catch {
      /* the stream may still tell; nothing to add */
    }
  })();
  // A resting order stops being followed after a while; later fills are the fill alert's job.
  setTimeout(stop, RESOLVE_FOR_MS);
  return stop;
}

async function lookupByClientId(r: FateRecord): Promise<LookupOutcome> {
  try {
    const o = await apiGet(
      '/v2/orders',
      { symbol: r.symbol, clientOrderId: r.clientOrderId, accountSeq: r.accountSeq },
      { profileId: r.profileId, schema: orderSchema },
    );
    return { kind: 'found', order: { orderId: o.orderId, status: o.status, filledQty: o.filledQty } };
  } catch (e) {
    const code = e instanceof ApiError ? e.code : 'NETWORK_ERROR';
    if (code === 'ORDER_NOT_FOUND' || code === 'NOT_FOUND') return { kind: 'notFound' };
    return { kind: 'error', code };
  }
}

async function journalState(coid: string): Promise<JournalState | null> {
  try {
    const j = await proxyGet<{ entries: JournalEntryView[] }>('/api/journal?limit=200');
    return j.entries.find((e) => e.clientOrderId === coid)?.state ?? null;
  } catch {
    return null;
  }
}

/**
 * The send's outcome is unknown (`code` says why). Tell that at once, then look the order up by its
 * clientOrderId until the exchange answers definitely, and tell the resolution.
 */
export async function orderUncertain(coid: string, code: string, opts: TrackOptions = {}): Promise<void> {
  tell(coid, { fate: 'uncertain', code });
  const rec = useFates.getState().byCoid[coid];
  if (rec) {
    const { symbol, side, orderType, profileId, accountSeq } = rec;
    rememberPending({
      clientOrderId: coid,
      symbol,
      side,
      orderType,
      profileId,
      accountSeq,
      code,
      since: Date.now(),
    });
  }
  const until = Date.now() + RESOLVE_FOR_MS;
  let misses = 0;
  let pause = opts.pollMs ?? 1_500;
  while (Date.now() < until) {
    await sleep(pause);
    pause = Math.min(pause * 1.5, 10_000);
    const r = useFates.getState().byCoid[coid];
    if (!r) return;
    const lookup = await lookupByClientId(r);
    const journal = lookup.kind === 'notFound' ? await journalState(coid) : null;
    const step = resolveStep(lookup, { journal, misses });
    if (lookup.kind === 'notFound') misses++;
    if (step.fate === null) continue;
    forgetPending(coid);
    if (step.fate === 'notPlaced') {
      tell(coid, { fate: 'notPlaced', code: 'ORDER_NOT_FOUND' });
      return;
    }
    const orderId = Number(step.orderId);
    if (lookup.kind === 'found') {
      const f = await fateOf(r, { orderId, status: lookup.order.status, filledQty: lookup.order.filledQty });
      tell(coid, { orderId, ...f, filledQty: lookup.order.filledQty ?? undefined });
      if (!isFinalFate(f.fate)) orderAccepted(coid, orderId, opts);
    }
    return;
  }
  tell(coid, { fate: 'uncertain', code: `${code} · ORDER_STATE_UNKNOWN` });
}

let resumed = false;
/** After a reload: resume the lookups of orders that were still uncertain (once per page). */
export function resumeUncertain() {
  if (resumed) return;
  resumed = true;
  for (const p of pendingOrders()) {
    const { code, since: _since, clientOrderId, ...base } = p;
    if (useFates.getState().byCoid[clientOrderId]) continue;
    useFates.getState().upsert(clientOrderId, { ...base, fate: 'sending' }); // told again as uncertain below
    useFates.setState({ lastCoid: clientOrderId });
    void orderUncertain(clientOrderId, code);
  }
}
