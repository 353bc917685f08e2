// Shapes of the pre-trade check (issue 22 item 3): what goes in (the draft, the book on screen, the
// thresholds) and what comes out (an estimate and warnings). Every figure out is a plain decimal string.
import type { OrderType, Side, TimeInForce } from '../orderRules.js';

export interface PtLevel {
  price: string;
  qty: string;
}

/** Percentages as decimal strings ("1", "12.5"); at most 2 decimals count. */
export interface PtThresholds {
  /** Warn when a market/best order's average price is this much worse than the best price. */
  slippagePct: string;
  /** Warn when a limit price is more than this far from the last price. */
  fatFingerPct: string;
  /** Warn when the order is larger than this share of the visible depth of the side it trades against. */
  depthSharePct: string;
  /** Warn when the order's value is larger than this share of the account's equity. */
  equitySharePct: string;
}

export const DEFAULT_THRESHOLDS: PtThresholds = {
  slippagePct: '1',
  fatFingerPct: '10',
  depthSharePct: '50',
  equitySharePct: '50',
};

export interface PreTradeInput {
  side: Side;
  orderType: OrderType;
  timeInForce?: TimeInForce;
  price?: string | null;
  qty?: string | null;
  amt?: string | null;
  bestNth?: number;
  /** Price protection (pp): taker fills held within ppPercent of the mid. */
  pp?: boolean;
  ppPercent?: number;
  /** The book's levels as shown, any order. */
  bids: readonly PtLevel[];
  asks: readonly PtLevel[];
  last?: string | null;
  /** The account's equity in the quote currency (null: unknown, the equity check is skipped). */
  equity?: string | null;
  thresholds: PtThresholds;
}

export interface PreTradeEstimate {
  /** The best price on the side the order trades against (best ask for a buy). */
  bestPrice: string | null;
  /** The price a best order takes from the book. */
  pegPrice: string | null;
  /** Whether any part fills at once. */
  marketable: boolean;
  filledQty: string;
  filledQuote: string;
  /** Average fill price (two more decimals than the book's prices), null when nothing fills. */
  avgPrice: string | null;
  worstPrice: string | null;
  /** Average against best in percent (2 decimals) and in quote currency for the whole fill. */
  slippagePct: string | null;
  slippageQuote: string | null;
  fullyFilled: boolean;
  /** What stays unfilled: base quantity, or quote amount for a market buy (by amt). */
  unfilled: string | null;
  unfilledUnit: 'base' | 'quote' | null;
  /** What becomes of the rest: rests on the book, or is canceled. */
  rest: 'rests' | 'canceled' | null;
  /** Limit orders: distance from the last price in percent (signed), null without a last price. */
  fromLastPct: string | null;
  /** Share of the visible depth of the side traded against, percent. */
  depthPct: string | null;
  /** Share of equity, percent. */
  equityPct: string | null;
  levelsUsed: number;
  levelsVisible: number;
}

export type PreTradeWarning =
  | { code: 'NO_LIQUIDITY' }
  | { code: 'BOOK_TOO_THIN'; unfilled: string; unit: 'base' | 'quote'; filled: string; levels: number }
  | { code: 'HIGH_SLIPPAGE'; pct: string; quote: string; avg: string; best: string }
  | { code: 'FAT_FINGER'; direction: 'above' | 'below'; pct: string; price: string; last: string }
  | { code: 'POST_ONLY_CROSSES'; price: string; best: string }
  | { code: 'DEPTH_SHARE'; pct: string; limit: string }
  | { code: 'EQUITY_SHARE'; pct: string; limit: string }
  | { code: 'BEST_UNAVAILABLE'; nth: number }
  | { code: 'FOK_WOULD_KILL'; filled: string }
  | { code: 'IOC_WOULD_EXPIRE'; best: string }
  | { code: 'PROTECTION_CAPS'; bound: string; unfilled: string; unit: 'base' | 'quote' };

export type PreTradeWarningCode = PreTradeWarning['code'];

export interface PreTradeResult {
  /** null when the draft is incomplete or the book is not there: nothing to say yet. */
  estimate: PreTradeEstimate | null;
  warnings: PreTradeWarning[];
}
