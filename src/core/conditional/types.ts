// Conditional orders held by the proxy (issue 14): definitions and runtime state, plain data.
import type { Side } from '../orderRules.js';

export type CondKind = 'stop' | 'takeProfit' | 'trailing' | 'oco' | 'bracket';
/** `up`: fires when a trade prints at or above the level; `down`: at or below. */
export type Direction = 'up' | 'down';
/** What happens when the crossing is first seen in trades backfilled after a gap. */
export type GapPolicy = 'fire' | 'cancel';

/** The order placed when a leg fires (or rests on the exchange). Market buys take `amt`. */
export interface OrderSpec {
  side: Side;
  orderType: 'limit' | 'market';
  price?: string;
  qty?: string;
  amt?: string;
}

export type TrailDistance = { amount: string } | { percent: string };

export type Trigger =
  | { type: 'cross'; direction: Direction; level: string }
  | {
      type: 'trailing';
      /** `down`: a sell trailing stop (follows the high, fires on a fall); `up`: the buy mirror. */
      direction: Direction;
      distance: TrailDistance;
      /** Trailing starts once a trade reaches this price (down: at or above; up: at or below). */
      activation?: string;
    };

export interface TriggerLeg {
  kind: 'trigger';
  trigger: Trigger;
  order: OrderSpec;
}
/** A limit order that rests on the exchange as one leg of an OCO. */
export interface RestingLeg {
  kind: 'resting';
  order: OrderSpec;
}
export type Leg = TriggerLeg | RestingLeg;

export interface CondDefinition {
  kind: CondKind;
  symbol: string;
  /** stop / takeProfit / trailing: one trigger leg; oco: two legs (at most one resting); bracket: [takeProfit, stop] templates. */
  legs: Leg[];
  /** bracket only: the entry order placed at arming; its filled quantity sizes the exit legs. */
  entry?: OrderSpec;
  onGap: GapPolicy;
}

/** Trailing progress: inactive until the activation price is reached, then the best price seen. */
export interface TrailState {
  active: boolean;
  extreme?: string;
}

export type CondStatus =
  | 'arming' // stored; resting leg or entry not yet acknowledged by the exchange
  | 'entryOpen' // bracket entry on the exchange, waiting for its fill
  | 'armed' // triggers watched
  | 'triggered' // a leg fired; its order is being placed
  | 'placed' // the fired order is on the exchange (#orderId)
  | 'completed' // an OCO's resting leg filled: nothing left to do
  | 'canceled'
  | 'failed';

export interface MarketTrade {
  tradeId: number;
  price: string;
  timestamp: number;
}
