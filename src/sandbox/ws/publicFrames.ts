// Public stream frames and subscription keys: a frame is built around data already serialised
// (books and tickers are stringified once per flush, never parsed and stringified again).
import type { PublicChannel as PublicType } from '../../core/channels.js';

/** The key of one subscription: channel, pair and orderbook grouping level ('' for none). */
export const subKey = (type: PublicType, symbol: string, level = '') => `${type}:${symbol}:${level}`;

/** `{type, timestamp, symbol, snapshot?, level?, data}` with `dataJson` spliced in as data. */
export function frameAround(
  timestamp: number,
  type: PublicType,
  symbol: string,
  dataJson: string,
  snapshot: boolean,
  level: string,
): string {
  const head: Record<string, unknown> = { type, timestamp, symbol };
  if (snapshot) head.snapshot = true;
  if (level) head.level = level;
  const h = JSON.stringify(head);
  return `${h.slice(0, -1)},"data":${dataJson}}`;
}
