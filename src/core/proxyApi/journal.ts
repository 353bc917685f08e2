// The proxy's order journal as the browser reads it (GET /api/journal): one row per order intent.
import type { JournalState } from '../orderFate.js';

export interface JournalEntryView {
  clientOrderId: string;
  profileId: string;
  accountSeq: number | null;
  symbol: string;
  state: JournalState;
  orderId?: number | string;
  error?: string;
  createdAt: number;
}
