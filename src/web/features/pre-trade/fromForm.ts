// The order ticket's form as the pre-trade check's draft (null while nothing worth checking is typed).
import type { OrderForm } from '../../lib/orders/orderFormStore.js';
import type { PreTradeDraft } from './usePreTradeCheck.js';

type FormPart = Pick<
  OrderForm,
  'side' | 'orderType' | 'price' | 'qty' | 'amt' | 'timeInForce' | 'bestNth' | 'pp' | 'ppPercent'
>;

export function draftFromForm(f: FormPart, last: string | null | undefined): PreTradeDraft | null {
  const byAmount = f.side === 'buy' && f.orderType !== 'limit';
  if (byAmount ? !f.amt : !f.qty || (f.orderType === 'limit' && !f.price)) return null;
  const nth = Number(f.bestNth || '1');
  const pct = Number(f.ppPercent || '5');
  return {
    side: f.side,
    orderType: f.orderType,
    timeInForce: f.orderType === 'market' ? 'ioc' : f.timeInForce,
    price: f.orderType === 'limit' ? f.price : null,
    qty: byAmount ? null : f.qty,
    amt: byAmount ? f.amt : null,
    bestNth: Number.isInteger(nth) && nth >= 1 && nth <= 5 ? nth : 1,
    pp: f.pp,
    ppPercent: Number.isInteger(pct) && pct >= 1 && pct <= 100 ? pct : 5,
    last: last ?? null,
  };
}
