// The fate of every order sent from this tab, by clientOrderId (zustand, in memory: a reload asks the
// exchange again). The ticket's result line, the toasts and the order rows read it.
import { create } from 'zustand';
import type { OrderFate } from '../../../core/orderFate.js';

export interface FateRecord {
  clientOrderId: string;
  orderId?: number;
  symbol: string;
  side: 'buy' | 'sell';
  orderType: string;
  profileId: string | null;
  accountSeq: number;
  fate: OrderFate;
  /** The exchange's (or proxy's) code or status behind the fate, shown in small print. */
  code?: string;
  /** The exchange's own sentence for a refusal. */
  detail?: string;
  filledQty?: string;
  at: number;
}

interface FateState {
  byCoid: Record<string, FateRecord>;
  /** The order sent last from the ticket (its fate is the ticket's result line). */
  lastCoid: string | null;
  upsert: (coid: string, patch: Partial<FateRecord>) => FateRecord | null;
}

const KEEP = 200;

export const useFates = create<FateState>()((set, get) => ({
  byCoid: {},
  lastCoid: null,
  upsert: (coid, patch) => {
    const prev = get().byCoid[coid];
    if (!prev && !patch.symbol) return null;
    const next = { ...(prev as FateRecord), ...patch, clientOrderId: coid, at: Date.now() };
    set((s) => {
      const byCoid = { ...s.byCoid, [coid]: next };
      const keys = Object.keys(byCoid);
      for (const k of keys.slice(0, Math.max(0, keys.length - KEEP))) delete byCoid[k];
      return { byCoid };
    });
    return next;
  },
}));

/** The fate record of an order id, if this tab sent it. */
export function fateOfOrder(byCoid: Record<string, FateRecord>, orderId: number): FateRecord | undefined {
  for (const r of Object.values(byCoid)) if (r.orderId === orderId) return r;
  return undefined;
}

/** Orders this tab asked to cancel: their cancel is told as a cancel, never as prevention. */
const userCanceled = new Set<number>();
export const markUserCanceled = (orderId: number) => userCanceled.add(orderId);
export const wasUserCanceled = (orderId: number) => userCanceled.has(orderId);
