// allOrders pages (36 h window, newest first) with time-range paging.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { allOrderSchema } from '../../../../core/schemas/orders.js';
import { tolerantArray } from '../../../../core/schemas/tolerant.js';
import { apiGet } from '../../../lib/api.js';
import { qk } from '../../../lib/queryKeys.js';
import type { AllOrder } from '../../../lib/types.js';
import { firstPage, olderPage, type PageCursor } from './historyPaging.js';

export function useOrderHistory(profileId: string | null, accountSeq: number, symbol: string, limit: number) {
  const qc = useQueryClient();
  const [stack, setStack] = useState<PageCursor[]>(() => [firstPage(Date.now())]);
  const cursor = stack[stack.length - 1]!;
  const q = useQuery<AllOrder[]>({
    queryKey: qk.allOrdersPage(profileId, accountSeq, symbol, cursor, limit),
    queryFn: () =>
      apiGet(
        '/v2/allOrders',
        { symbol, accountSeq, startTime: cursor.startTime, endTime: cursor.endTime, limit },
        { profileId, schema: tolerantArray(allOrderSchema, 'all order') },
      ),
    enabled: !!profileId,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  // Drop records already shown on the previous (newer) page: the boundary millisecond is fetched twice.
  const prev =
    stack.length > 1
      ? qc.getQueryData<AllOrder[]>([
          ...qk.allOrders(profileId, accountSeq, symbol, stack[stack.length - 2]),
          limit,
        ])
      : undefined;
  const rows = useMemo(() => {
    const seen = new Set((prev ?? []).map((o) => o.orderId));
    return (q.data ?? []).filter((o) => !seen.has(o.orderId));
  }, [q.data, prev]);
  const next = q.data ? olderPage(cursor, q.data, limit) : null;
  return {
    ...q,
    rows,
    page: stack.length,
    cursor,
    hasOlder: !!next && !q.isPlaceholderData,
    older: () => next && setStack((s) => [...s, next]),
    newer: () => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)),
    reset: () => setStack([firstPage(Date.now())]),
  };
}
