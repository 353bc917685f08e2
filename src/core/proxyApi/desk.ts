// The proxy's desk API: the kill switch (POST /api/desk/killswitch, GET /api/desk/killswitch/:id)
// and the equity snapshots (GET /api/desk/equity).
import type { DayPnlResult, EquityPoint, Flow } from '../desk/dayPnl.js';
import type { UnreadList } from '../desk/unread.js';

export interface KillTarget {
  profileId: string;
  accountSeq: number;
}

export interface KillItem extends KillTarget {
  symbol: string;
  orderId: string;
  outcome: 'canceled' | 'alreadyClosed' | 'failed';
  code?: string;
  /** Cancel requests sent for it (more than 1 after TRY_AGAIN or a lost answer). */
  sends?: number;
}

/** A kill-switch run, as it stands (state 'done' when its report is final). */
export interface KillRun {
  id: string;
  createdAt: number;
  finishedAt?: number;
  state: 'listing' | 'canceling' | 'done';
  targets: KillTarget[];
  found: number;
  items: KillItem[];
  /** Listing failures (an account or pair whose open orders could not be read). */
  errors: { profileId: string; accountSeq: number; symbol?: string; code: string }[];
}

/** An external flow the proxy stored for an account (a deposit, withdrawal or transfer). */
export interface EquityFlow extends Flow {
  flowId: string;
  currency: string;
  qty: string;
}

/** One account's equity snapshots since the KST day start (plus the opening one) and its flows. */
export interface EquityAccount {
  owner: string;
  profileId: string;
  accountSeq: number;
  points: EquityPoint[];
  flows: EquityFlow[];
  /** What the proxy's sampler could not read in its last round (flow lists make the P&L uncertain). */
  unread?: UnreadList[];
  /**
   * The equity at the day start as the proxy's ledger reconstructed it (fills, flows, balances and
   * candle prices), when no snapshot is from then; absent while the ledger cannot say (not synced,
   * a gap, a price missing).
   */
  openingEstimateKrw?: string;
  /** The day P&L as the proxy computed it (the dashboard recomputes it with the live value). */
  day?: DayPnlResult;
}

/** GET /api/desk/equity. */
export interface DeskEquity {
  now: number;
  dayStart: number;
  periodMs: number;
  lastSampleAt: number;
  accounts: EquityAccount[];
}
