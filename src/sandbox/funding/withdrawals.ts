/**
 * Coin and KRW withdrawal requests (checks, amount + fee held in withdrawalInUse) and cancellation
 * while actionRequired or reviewing. Status progression and completion live in Funding.advance().
 */
import { fromUnits, LEDGER_DP, toLedger, toUnits } from '../engine/units.js';
import type { Committer } from '../exchange/commit.js';
import type { Ledger } from '../ledger/ledger.js';
import type { Result, SbxError } from '../types.js';
import type { CurrencyConfig, NetworkConfig } from './currencies.js';
import type { Records } from './records.js';
import type { AddressRecord, CoinRecord, KrwRecord } from './recordTypes.js';

export interface WithdrawalDeps {
  readonly ledger: Ledger;
  readonly records: Records;
  readonly commit: Committer;
  now(): number;
  advance(): void;
  currencyConfig(name: string): CurrencyConfig | undefined;
  network(cur: string, network?: string): Result<NetworkConfig>;
}

const FINAL = new Set(['done', 'canceled', 'failed', 'refunded']);
const e = (code: string, description: string, status = 400): SbxError => ({ status, code, description });
const no = <T>(err: SbxError): Result<T> => ({ ok: false, error: err });

function withdrawnToday(
  d: WithdrawalDeps,
  userId: number,
  kind: 'coinWithdrawal' | 'krwWithdrawal',
  cur: string,
  now: number,
): bigint {
  let sum = 0n;
  for (const r of d.records.list<CoinRecord>(kind, userId)) {
    if (r.createdAt < now - 86_400_000) break;
    if ((r.currency ?? 'krw') === cur && r.status !== 'canceled' && r.status !== 'failed')
      sum += toLedger(r.quantity) ?? 0n;
  }
  return sum;
}

export function requestWithdrawal(
  d: WithdrawalDeps,
  userId: number,
  p: { currency: string; amount: string; address?: string; network?: string; secondaryAddress?: string },
): Result<CoinRecord | KrwRecord> {
  const cfg = d.currencyConfig(p.currency);
  if (!cfg) return no(e('INVALID_CURRENCY', `Unknown currency ${p.currency}.`));
  const n = d.network(p.currency, p.network);
  if (!n.ok) return n;
  const net = n.value;
  if (net.withdrawalStatus !== 'launched')
    return no(e('WITHDRAWAL_SUSPENDED', `Withdrawals of ${p.currency} on ${net.name} are suspended.`));
  const amount = toUnits(p.amount, net.withdrawalPrecision);
  if (amount === null || amount <= 0n) {
    return no(
      e('BAD_REQUEST', `amount must be a positive decimal with at most ${net.withdrawalPrecision} decimals.`),
    );
  }
  const amt = toLedger(p.amount)!;
  if (amt < toLedger(net.withdrawalMinAmount)!)
    return no(e('WITHDRAWAL_AMOUNT_TOO_SMALL', `Minimum is ${net.withdrawalMinAmount}.`));
  if (amt > toLedger(cfg.withdrawalMaxAmountPerRequest)!) {
    return no(
      e('WITHDRAWAL_AMOUNT_TOO_LARGE', `Maximum per request is ${cfg.withdrawalMaxAmountPerRequest}.`),
    );
  }
  const kind = p.currency === 'krw' ? 'krwWithdrawal' : 'coinWithdrawal';
  if (kind === 'coinWithdrawal') {
    if (!p.address) return no(e('BAD_REQUEST', 'address is required.'));
    if (p.address.startsWith('forbidden'))
      return no(e('FORBIDDEN_WITHDRAWAL_ADDRESS', 'Withdrawals to this address are forbidden.'));
    const reg = d.records
      .list<AddressRecord>('withdrawableAddress', userId)
      .find(
        (a) =>
          (a.anyAsset === true || a.currency === p.currency) &&
          a.network === net.name &&
          a.address === p.address,
      );
    if (!reg)
      return no(e('UNREGISTERED_WITHDRAWAL_ADDRESS', 'Register the address as a withdrawal address first.'));
  }
  const now = d.now();
  if (withdrawnToday(d, userId, kind, p.currency, now) + amt > toLedger(cfg.dailyWithdrawalLimit)!) {
    return no(e('DAILY_LIMIT_EXCEEDED', `Daily limit ${cfg.dailyWithdrawalLimit} ${p.currency} exceeded.`));
  }
  const fee = toLedger(net.withdrawalTxFee)!;
  const need = amt + fee;
  if (d.ledger.get(userId, 1, p.currency).available < need)
    return no(e('NO_BALANCE', 'Insufficient balance for amount plus fee.'));
  const base = {
    id: 0,
    userId,
    accountSeq: 1,
    createdAt: now,
    updatedAt: now,
    // coin and KRW withdrawals both start pending (korbit-cli ops/funding_ops.go, `krw withdraw history`:
    // pending | reviewing | processing | done | failed | canceled)
    status: 'pending',
    quantity: fromUnits(amt, LEDGER_DP),
    fee: net.withdrawalTxFee,
    hold: String(need),
  };
  const r: CoinRecord | KrwRecord =
    kind === 'coinWithdrawal'
      ? {
          ...base,
          currency: p.currency,
          network: net.name,
          address: p.address!,
          secondaryAddress: p.secondaryAddress ?? null,
          transactionHash: null,
        }
      : base;
  d.commit.run(() => {
    r.id = d.records.nextId(kind);
    d.ledger.hold(userId, 1, p.currency, need, now, 'withdrawal');
    d.records.save(kind, r);
  });
  return { ok: true, value: r };
}

export function cancelWithdrawal(d: WithdrawalDeps, userId: number, id: number): Result<CoinRecord> {
  d.advance();
  const r = d.records.get<CoinRecord>('coinWithdrawal', id);
  if (!r || r.userId !== userId) return no(e('NOT_FOUND', 'No such withdrawal.'));
  // Live: "Only withdrawals in actionRequired or reviewing status can be canceled; otherwise
  // CANNOT_CANCEL_WITHDRAWAL or WITHDRAWAL_ALREADY_FINISHED" (korbit-cli internal/ops/funding_ops.go,
  // withdraw cancel): finished ones (done, canceled, failed) the latter, pending and processing the former.
  if (FINAL.has(r.status)) return no(e('WITHDRAWAL_ALREADY_FINISHED', `The withdrawal is ${r.status}.`));
  if (r.status !== 'actionRequired' && r.status !== 'reviewing')
    return no(
      e(
        'CANNOT_CANCEL_WITHDRAWAL',
        `The withdrawal is ${r.status}; only one in actionRequired or reviewing can be canceled.`,
      ),
    );
  const now = d.now();
  d.commit.run(() => {
    d.ledger.release(userId, 1, r.currency, BigInt(r.hold ?? '0'), now, 'withdrawal');
    r.hold = '0';
    r.status = 'canceled';
    r.updatedAt = now;
    d.records.save('coinWithdrawal', r);
  });
  return { ok: true, value: r };
}
