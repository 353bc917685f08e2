// The desk header's totals over the accounts' reports: value, day P&L, and from when that P&L counts.
import { sum } from '../../../core/decimal.js';
import type { AccountReport } from '../../lib/deskState.js';

export interface DeskTotals {
  list: AccountReport[];
  equity: string | null;
  dayPnl: string | null;
  /** The latest time some account's day P&L counts from, when later than 00:00 KST (else null). */
  dayFrom: number | null;
  /** Some accounts count from 00:00 KST and others from dayFrom: the total mixes the two. */
  dayFromPartial: boolean;
  /** The flow lists some account's sampler could not read (the total is uncertain). */
  uncertain: string[];
  openOrders: number;
  fillsToday: number;
}

export function deskTotals(list: AccountReport[]): DeskTotals {
  const eq = list.filter((r) => r.equityKrw !== null).map((r) => r.equityKrw as string);
  const withPnl = list.filter((r) => r.dayPnl !== null);
  const from = Math.max(0, ...withPnl.map((r) => r.dayFrom ?? 0));
  return {
    list,
    equity: eq.length ? sum(eq) : null,
    dayPnl: withPnl.length ? sum(withPnl.map((r) => r.dayPnl as string)) : null,
    dayFrom: from > 0 ? from : null,
    dayFromPartial: from > 0 && withPnl.some((r) => r.dayFrom === null),
    uncertain: [...new Set(list.flatMap((r) => (r.pnlUncertain ? r.pnlUncertain.split(',') : [])))],
    openOrders: list.reduce((n, r) => n + r.openOrders, 0),
    fillsToday: list.reduce((n, r) => n + r.fillsToday, 0),
  };
}
