// Price alerts (issue 13 item 4): definitions, runtime state and firings, plain data.
import type { MarketTrade } from '../conditional/types.js';

export type { MarketTrade };

/** `above`: fires when a trade prints at or above the level; `below`: at or below (the conditional engine's crossing). */
export type AlertCondition =
  | { type: 'above'; level: string }
  | { type: 'below'; level: string }
  /** A move of at least `percent` % inside the last `windowSec` seconds of trades (from the window's low for up, high for down). */
  | { type: 'move'; percent: string; windowSec: number; direction: 'up' | 'down' | 'either' };

export interface AlertDef {
  symbol: string;
  condition: AlertCondition;
  /** false: fires once, then 'triggered'. true: re-arms after the cooldown (and, for a level, once the price is back across). */
  repeat: boolean;
  /** Seconds after a firing during which a repeating alert stays quiet. */
  cooldownSec: number;
  note?: string;
}

export type AlertStatus = 'active' | 'triggered' | 'disabled';

export interface PricePoint {
  tradeId: number;
  t: number;
  p: string;
}

/** What the evaluator keeps per alert: the last trade judged, whether it may fire, the rolling window. */
export interface AlertState {
  afterTradeId: number;
  /** When that trade printed (ms): where a gap in the trades starts. */
  afterAt?: number;
  /** Trades printed before this time (ms) are never judged: an alert only watches what comes after it was set. */
  since: number;
  armed: boolean;
  lastFiredAt?: number;
  /** `move` only, kept in memory: candidates for the window's low and high (monotonic queues, oldest first). */
  lows?: PricePoint[];
  highs?: PricePoint[];
}

export interface AlertFire {
  tradeId: number;
  price: string;
  at: number;
  /** `move`: the window's low (up) or high (down) the move is measured from. */
  from?: string;
  /** `move`: the signed percent change, two decimals. */
  changePct?: string;
  /** Seen in candles of this interval over trades never read one by one: `price` is the level, `at` the candle start. */
  bars?: string;
}

/** One firing, kept by the proxy until the browser acknowledges it (and a while after, as history). */
export interface AlertEvent {
  id: number;
  alertId: string;
  symbol: string;
  condition: AlertCondition;
  price: string;
  tradeId: number;
  /** When the trade printed (exchange time, ms). */
  at: number;
  from?: string;
  changePct?: string;
  bars?: string;
  note?: string;
  seen: boolean;
  createdAt: number;
}

/** What the browser sees of an alert (the evaluator's cursor stays inside the proxy). */
export interface AlertView {
  id: string;
  symbol: string;
  condition: AlertCondition;
  repeat: boolean;
  cooldownSec: number;
  note?: string;
  status: AlertStatus;
  firedCount: number;
  lastFired?: { price: string; at: number };
  createdAt: number;
  updatedAt: number;
}

/** The state of the proxy's public trade feed the alerts are evaluated from. */
export interface AlertEngineStatus {
  feed: 'idle' | 'connecting' | 'live' | 'down';
  reason?: string;
  lastFrameAt: number | null;
}

/** GET /api/alerts. */
export interface AlertList {
  alerts: AlertView[];
  unseen: AlertEvent[];
  lastEventId: number;
  engine: AlertEngineStatus;
}
