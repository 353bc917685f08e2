// The proxy's ledger answers (docs/contracts.md, "Ledger and P&L"): GET /api/ledger/status and
// GET /api/ledger/events. The P&L and tax answers are core/pnl/types.ts (PnlReport, TaxReport).
import type { LedgerEvent } from '../pnl/types.js';

/** The exchange lists the ledger keeps, per account. */
export type LedgerList =
  | 'trades'
  | 'krwDeposits'
  | 'krwWithdrawals'
  | 'coinDeposits'
  | 'coinWithdrawals'
  | 'transfers';

/** Why a stretch is not covered: the proxy was off too long, a list cannot be read, or before the first sync's reach. */
export type LedgerGapReason = 'offline' | 'unreadable' | 'beforeFirstSync';

export interface LedgerStatusGap {
  from: number;
  to: number;
  lists: LedgerList[];
  reason: LedgerGapReason;
}

export interface LedgerErrorNote {
  code: string;
  message: string;
  at: number;
}

export interface LedgerAccountStatus {
  profileId: string;
  accountSeq: number;
  owner: string;
  syncedUntil: number | null;
  oldestReached: number | null;
  reachLimitNote: { ko: string; en: string };
  gaps: LedgerStatusGap[];
  syncing: boolean;
  lastSyncAt: number | null;
  lastError?: LedgerErrorNote;
  eventCount: number;
  lists: {
    list: LedgerList;
    syncedUntil: number | null;
    oldestReached: number | null;
    lastError?: LedgerErrorNote;
  }[];
}

export interface LedgerStatus {
  now: number;
  accounts: LedgerAccountStatus[];
}

export interface LedgerEvents {
  events: (LedgerEvent & { eventId?: string; costKrw?: string })[];
  truncated: boolean;
}
