/**
 * Which source levels a sandbox order needs to see while it is matched (pure). The sandbox's engine
 * book holds only its users' resting orders; for the moment of one placement the counterparty puts
 * the levels this order can reach on the book (at their remaining sizes), the engine matches as
 * always, and what is left is withdrawn (paper/exchange.ts).
 */
import { priceToInt, qtyToInt, toLedger } from '../../engine/units.js';
import type { IntLevel } from '../source.js';
import { type Side, takerWalk } from './rules.js';

export interface PaperOrderInput {
  side: Side;
  orderType: string;
  price?: string | undefined;
  qty?: string | undefined;
  amt?: string | undefined;
  timeInForce?: string | undefined;
  bestNth?: number | undefined;
}

export interface Injection {
  /** The counterparty's side (the book side the levels go on). */
  side: Side;
  levels: IntLevel[];
}

const none = (side: Side): Injection => ({ side, levels: [] });

/**
 * bids / asks: the source's remaining levels (after consumption), best first. Orders the rules will
 * refuse get no levels (validation answers them as usual).
 */
export function injectionFor(
  o: PaperOrderInput,
  bids: readonly IntLevel[],
  asks: readonly IntLevel[],
): Injection {
  const opp: Side = o.side === 'buy' ? 'sell' : 'buy';
  const oppLevels = o.side === 'buy' ? asks : bids;
  const ownLevels = o.side === 'buy' ? bids : asks;
  const qty = o.qty !== undefined ? qtyToInt(o.qty) : null;
  const amt = o.amt !== undefined ? toLedger(o.amt) : null;
  if (o.orderType === 'best') {
    const n = Math.max(1, Math.min(o.bestNth ?? 1, 50));
    // post-only best orders price from the Nth level of their own side; the others from the opposite
    if (o.timeInForce === 'po') return { side: o.side, levels: ownLevels.slice(0, n) };
    return { side: opp, levels: oppLevels.slice(0, n) };
  }
  if (o.orderType === 'limit') {
    const price = o.price !== undefined ? priceToInt(o.price) : null;
    if (price === null || qty === null || price <= 0 || qty <= 0) return none(opp);
    if (o.timeInForce === 'po') {
      // only needed to refuse a crossing post-only order, as on the real book
      const best = oppLevels[0];
      const crosses = best && (o.side === 'buy' ? best[0] <= price : best[0] >= price);
      return { side: opp, levels: crosses ? [best] : [] };
    }
    const walked = takerWalk(oppLevels, { side: o.side, limitPrice: price, qty, amt: null });
    return { side: opp, levels: oppLevels.slice(0, walked.length) };
  }
  if (o.orderType === 'market') {
    if ((qty === null || qty <= 0) && (amt === null || amt <= 0n)) return none(opp);
    const walked = takerWalk(oppLevels, {
      side: o.side,
      limitPrice: null,
      qty: qty !== null && qty > 0 ? qty : null,
      amt: amt !== null && amt > 0n && o.side === 'buy' ? amt : null,
    });
    // one level more than the walk needs: the engine's amount rounding may reach it
    return { side: opp, levels: oppLevels.slice(0, walked.length + 1) };
  }
  return none(opp);
}
