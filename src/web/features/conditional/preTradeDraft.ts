// A conditional order's draft for the pre-trade check at arming: the order it will place, checked against
// the book on screen as if it fired now. The price it is compared with for a fat finger is the trigger
// (where it fires), not today's last price; OCO checks its stop leg, a bracket its entry.

import type { PreTradeDraft } from '../pre-trade/index.js';
import type { CondForm } from './draft.js';

export function draftFromCond(f: CondForm, last: string | null | undefined): PreTradeDraft | null {
  const k = f.kind;
  const marketBuy =
    f.side === 'buy' && f.orderType === 'market' && (k === 'stop' || k === 'takeProfit' || k === 'trailing');
  if (marketBuy ? !f.amt : !f.qty) return null;
  const base = { side: f.side, qty: marketBuy ? null : f.qty, amt: marketBuy ? f.amt : null };
  if (k === 'bracket') {
    if (!f.entryPrice) return null;
    return { ...base, orderType: 'limit', timeInForce: 'gtc', price: f.entryPrice, last: last ?? null };
  }
  const market = k === 'trailing' || f.orderType === 'market';
  if (!market && !f.limitPrice) return null;
  const ref = k === 'trailing' ? last : f.trigger || last;
  return market
    ? { ...base, orderType: 'market', timeInForce: 'ioc', price: null, last: ref ?? null }
    : { ...base, orderType: 'limit', timeInForce: 'gtc', price: f.limitPrice, last: ref ?? null };
}
