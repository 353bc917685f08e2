// Sends an order through the proxy. The new order reaches the open-orders cache through the myOrder stream;
// if no frame arrived shortly after (stream down), the list is reloaded once as a fallback.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newClientOrderId as mintClientOrderId } from '../../../../core/clientOrderId.js';
import type { OrderParamsInput } from '../../../../core/orderRules.js';
import { placeOrderResponseSchema } from '../../../../core/schemas/orders.js';
import { apiPost } from '../../../lib/api.js';
import { qk } from '../../../lib/queryKeys.js';
import type { OpenOrder } from '../../../lib/types.js';

/** Client order id of an order this dashboard sends (format: core/clientOrderId.ts). */
export const newClientOrderId = (): string => mintClientOrderId('web');

export function useSubmitOrder(profileId: string | null, accountSeq: number, symbol: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (params: OrderParamsInput) =>
      apiPost(
        '/v2/orders',
        { ...params, symbol, accountSeq, clientOrderId: params.clientOrderId ?? newClientOrderId() },
        { profileId, schema: placeOrderResponseSchema },
      ),
    onSuccess: (res) => {
      const key = qk.openOrders(profileId, accountSeq, symbol);
      setTimeout(() => {
        const list = qc.getQueryData<OpenOrder[]>(key);
        if (!list?.some((o) => o.orderId === res.orderId)) void qc.invalidateQueries({ queryKey: key });
      }, 1500);
    },
  });
}
