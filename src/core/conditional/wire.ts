// What the proxy's /api/conditional endpoints answer, shared by the proxy (which builds it) and the
// dashboard (which reads it). Plain data, runtime-neutral.
import type { PlannedOrder } from './plan.js';
import type { CondDefinition, CondKind, CondStatus, Leg, TrailState } from './types.js';

/** The arming checks' answer: the orders it would place, or why not. */
export interface ArmPreview {
  ok: boolean;
  error?: { code: string; message: string };
  orders: PlannedOrder[];
  last: string | null;
  lastTradeId: number;
  required: { currency: string; amount: string } | null;
}

/** Which leg fired, on which trade; `late` when the crossing was seen only after a market-data gap. */
export interface CondFired {
  leg: number;
  tradeId: number;
  price: string;
  at: number;
  late: boolean;
  /** Seen in candles of this interval covering trades never read one by one (a gap longer than
   *  the 500 trades REST returns): `price` is the level reached, `at` the candle's start, `tradeId`
   *  the last trade judged before the gap. */
  bars?: string;
}

/** What the engine has learnt of a conditional order's orders so far: kept in the proxy's store with its
 *  runtime state, and shown to the browser as part of the view. */
export interface CondProgress {
  entryOrderId?: number | string;
  restingOrderId?: number | string;
  restingFilled?: string;
  fired?: CondFired;
  clientOrderId?: string;
  orderId?: number | string;
  error?: { code: string; message: string };
}

/** What the browser sees of a conditional order (no secrets exist here; the profile id is a label). */
export interface CondView extends CondProgress {
  id: string;
  profileId: string;
  accountSeq: number | null;
  symbol: string;
  kind: CondKind;
  definition: CondDefinition;
  status: CondStatus;
  legs: Leg[];
  trail: (TrailState | null | undefined)[];
  createdAt: number;
  updatedAt: number;
}

/** The engine's market data and working set (GET /api/conditional/status). */
export interface CondEngineStatus {
  marketData: 'idle' | 'connecting' | 'live' | 'down';
  reason?: string;
  lastFrameAt: number | null;
  downSince: number | null;
  live: number;
  backfillPending: string[];
  symbols: string[];
}
