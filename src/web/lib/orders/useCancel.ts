// Cancel one order, or every open order of the pair paced under the cancel rate limit (30/s).
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiDelete, lastRateLimits } from '../api.js';
import type { OpenOrder } from '../types.js';
import { markUserCanceled } from './fateStore.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function useCancelOrder(profileId: string | null, accountSeq: number, symbol: string) {
  return useMutation({
    mutationFn: (orderId: number) => {
      markUserCanceled(orderId); // its cancel is then told as the user's, never as prevention
      return apiDelete('/v2/orders', { symbol, orderId, accountSeq }, { profileId });
    },
  });
}

export interface CancelAllProgress {
  done: number;
  total: number;
  failed: { orderId: number; code: string }[];
}

export function useCancelAll(profileId: string | null, accountSeq: number, symbol: string) {
  const [progress, setProgress] = useState<CancelAllProgress | null>(null);
  const run = async (orders: readonly OpenOrder[]) => {
    const p: CancelAllProgress = { done: 0, total: orders.length, failed: [] };
    setProgress({ ...p });
    for (const o of orders) {
      // ~25/s leaves headroom under the 30/s cancel class; wait for the window when the proxy says it's spent.
      const rl = lastRateLimits.get('cancel');
      if (rl?.remaining !== null && rl?.remaining !== undefined && rl.remaining <= 1)
        await sleep((rl.reset ?? 1) * 1000);
      try {
        markUserCanceled(o.orderId);
        await apiDelete('/v2/orders', { symbol, orderId: o.orderId, accountSeq }, { profileId });
      } catch (e) {
        p.failed.push({ orderId: o.orderId, code: (e as { code?: string }).code ?? 'ERROR' });
      }
      p.done++;
      setProgress({ ...p, failed: [...p.failed] });
      await sleep(40);
    }
    return p;
  };
  return { progress, run, clear: () => setProgress(null) };
}
