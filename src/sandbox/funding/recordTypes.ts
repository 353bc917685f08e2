/** Funding record shapes as stored (JSON) in the records table. */
import type { StoredRecord } from './records.js';

export interface CoinRecord extends StoredRecord {
  currency: string;
  network: string;
  address: string;
  secondaryAddress: string | null;
  status: string;
  quantity: string;
  fee?: string;
  transactionHash: string | null;
  /** Ledger-unit hold still in withdrawalInUse (withdrawals). */
  hold?: string;
  updatedAt: number;
}

export interface KrwRecord extends StoredRecord {
  status: string;
  quantity: string;
  fee?: string;
  hold?: string;
  updatedAt: number;
}

export interface AddressRecord extends StoredRecord {
  currency: string;
  network: string;
  address: string;
  secondaryAddress: string | null;
  label?: string;
  /** Withdrawable address registered for every asset of its network (sent without `currency`). */
  anyAsset?: boolean;
}

export interface TransferRecord extends StoredRecord {
  transferId: number;
  fromAccountSeq: number;
  toAccountSeq: number;
  currency: string;
  amount: string;
  status: 'done';
}
