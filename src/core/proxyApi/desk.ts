// The proxy's desk API: the kill switch (POST /api/desk/killswitch, GET /api/desk/killswitch/:id).

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
