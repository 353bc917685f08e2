// The checks a public subscribe request passes before the hub records it: symbols given and listed,
// an orderbook grouping level each pair offers, and room under the per-connection subscription cap.
import type { PublicChannel as PublicType } from '../../core/channels.js';
import type { SandboxContext } from '../context.js';
import { type FailMessage, fail, type RequestItem } from './protocol.js';

export const MAX_SUBS_PER_CONN = 300;

/** The grouping level to subscribe at ('' for none), or the refusal to send. */
export function checkSubscribe(
  ctx: SandboxContext,
  item: RequestItem,
  type: PublicType,
  held: number,
): { level: string } | { refusal: FailMessage } {
  const rid = item.requestId;
  if (!item.symbols || item.symbols.length === 0) {
    return { refusal: fail('INVALID_REQUEST', 'symbols is required', rid) };
  }
  for (const s of item.symbols) {
    if (!ctx.exchange.getMarket(s)) return { refusal: fail('INVALID_SYMBOL', `unknown symbol ${s}`, rid) };
  }
  let level = '';
  if (type === 'orderbook' && item.level !== undefined) {
    for (const s of item.symbols) {
      const m = ctx.exchange.getMarket(s)!;
      if (!m.orderbookLevels.includes(item.level)) {
        return {
          refusal: fail('INVALID_REQUEST', `level ${item.level} is not one of ${s}'s orderbookLevels`, rid),
        };
      }
    }
    level = item.level;
  }
  if (held + item.symbols.length > MAX_SUBS_PER_CONN) {
    return {
      refusal: fail('INVALID_REQUEST', `at most ${MAX_SUBS_PER_CONN} subscriptions per connection`, rid),
    };
  }
  return { level };
}
