// Decide up front whether the current key may do an action, and why not.
// Views disable the control and show the reason instead of failing after a click.

export interface KeyFacts {
  permissions: readonly string[];
  allowedAccountSeqs: readonly number[];
  status?: string | null;
}

export type GateReason =
  | { code: 'LOADING' }
  | { code: 'NO_PROFILE' }
  | { code: 'KEY_INACTIVE' }
  | { code: 'MISSING_PERMISSION'; permission: string }
  | { code: 'ACCOUNT_NOT_ALLOWED'; accountSeq: number }
  | { code: 'MAIN_ACCOUNT_ONLY' }
  | { code: 'WITHDRAWALS_DISABLED_IN_PROXY' };

export type Gate = { ok: true } | { ok: false; reason: GateReason };

export interface GateRequest {
  permission: string;
  accountSeq?: number;
  /** Funding endpoints (deposits, withdrawals, KRW) accept the main account only. */
  mainOnly?: boolean;
  /** The proxy profile's allowWithdrawals switch (withdrawal requests only). */
  proxyAllowsWithdrawals?: boolean;
}

export const OK: Gate = { ok: true };

export function gate(key: KeyFacts | null | undefined, req: GateRequest): Gate {
  if (!key) return { ok: false, reason: { code: 'LOADING' } };
  if (key.status && key.status !== 'activated') return { ok: false, reason: { code: 'KEY_INACTIVE' } };
  if (!key.permissions.includes(req.permission)) {
    return { ok: false, reason: { code: 'MISSING_PERMISSION', permission: req.permission } };
  }
  const seq = req.accountSeq ?? 1;
  if (req.mainOnly && seq !== 1) return { ok: false, reason: { code: 'MAIN_ACCOUNT_ONLY' } };
  if (!key.allowedAccountSeqs.includes(seq)) {
    return { ok: false, reason: { code: 'ACCOUNT_NOT_ALLOWED', accountSeq: seq } };
  }
  if (req.proxyAllowsWithdrawals === false) {
    return { ok: false, reason: { code: 'WITHDRAWALS_DISABLED_IN_PROXY' } };
  }
  return OK;
}
