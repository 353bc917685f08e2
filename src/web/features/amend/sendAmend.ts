// One amendment sent to the proxy (POST /api/amend), with what every sender must do around it: the
// old order's cancel is the user's (no "canceled" fate told for it), the open orders refresh, and
// its "canceled" notice, if one was shown already, gives way to the amendment's own.
import type { QueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api.js';
import { markUserCanceled } from '../../lib/orders/fateStore.js';
import { qk } from '../../lib/queryKeys.js';
import { dismissToastKey } from '../../store/toasts.js';
import type { AmendTarget } from './amendStore.js';

/** What the proxy answers for an amendment (see docs/contracts.md, "Order amendment"). */
export interface AmendResult {
  id: string;
  outcome: 'amended' | 'filled' | 'cancel-failed' | 'unconfirmed' | 'replace-failed' | 'interrupted';
  to?: { price: string; qty: string };
  filledBetween?: string;
  newOrderId?: number | string;
  error?: { code: string; message: string };
}

export interface AmendContext {
  qc: QueryClient;
  profileId: string | null;
  accountSeq: number;
}

/** Amends target to price x qty (both checked already); throws the proxy's error when it refuses. */
export async function sendAmend(
  ctx: AmendContext,
  target: AmendTarget,
  price: string,
  qty: string,
): Promise<AmendResult> {
  markUserCanceled(target.orderId);
  const r = await apiPost<AmendResult>(
    '/amend',
    {
      symbol: target.symbol,
      orderId: target.orderId,
      price,
      qty,
      seenFilledQty: target.filledQty,
      accountSeq: ctx.accountSeq,
    },
    { profileId: ctx.profileId },
  );
  void ctx.qc.invalidateQueries({ queryKey: qk.openOrders(ctx.profileId, ctx.accountSeq, target.symbol) });
  if (target.clientOrderId) dismissToastKey(`order-${target.clientOrderId}`);
  return r;
}
