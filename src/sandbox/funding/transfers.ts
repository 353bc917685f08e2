/** Account transfers: an atomic move of available balance between two of the user's accounts. */
import { fromUnits, LEDGER_DP, toLedger, toUnits } from '../engine/units.js';
import type { Committer } from '../exchange/commit.js';
import type { Ledger } from '../ledger/ledger.js';
import type { Result, SbxError } from '../types.js';
import type { Records } from './records.js';
import type { TransferRecord } from './recordTypes.js';

export interface TransferDeps {
  readonly ledger: Ledger;
  readonly records: Records;
  readonly commit: Committer;
  now(): number;
}

const e = (code: string, description: string): SbxError => ({ status: 400, code, description });
const no = <T>(err: SbxError): Result<T> => ({ ok: false, error: err });

export function transferBetweenAccounts(
  d: TransferDeps,
  userId: number,
  from: number,
  to: number,
  cur: string,
  amount: string,
): Result<TransferRecord> {
  if (from === to) return no(e('SAME_ACCOUNT_TRANSFER', 'Source and destination are the same account.'));
  const u = toLedger(amount);
  if (u === null || u <= 0n)
    return no(e('BAD_REQUEST', 'amount must be a positive decimal with at most 12 decimals.'));
  const now = d.now();
  const src = d.ledger.get(userId, from, cur);
  if (src.available < u) return no(e('NO_BALANCE', 'Insufficient available balance.'));
  const r: TransferRecord = {
    id: 0,
    transferId: 0,
    userId,
    accountSeq: from,
    createdAt: now,
    fromAccountSeq: from,
    toAccountSeq: to,
    currency: cur,
    amount: fromUnits(u, LEDGER_DP),
    status: 'done',
  };
  d.commit.run(() => {
    r.id = r.transferId = d.records.nextId('transfer');
    const dst = d.ledger.get(userId, to, cur);
    const dstTotal = dst.available + dst.trade + dst.withdrawal;
    d.ledger.hold(userId, from, cur, u, now);
    d.ledger.spendHeld(userId, from, cur, u, now);
    d.ledger.credit(userId, to, cur, u, now);
    if (src.avgPrice !== '0' && dstTotal + u > 0n) {
      const a = toUnits(src.avgPrice, 4) ?? 0n;
      const b = toUnits(dst.avgPrice, 4) ?? 0n;
      d.ledger.setAvgPrice(userId, to, cur, fromUnits((b * dstTotal + a * u) / (dstTotal + u), 4));
    }
    d.records.save('transfer', r);
  });
  return { ok: true, value: r };
}
