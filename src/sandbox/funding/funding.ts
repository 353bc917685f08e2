/**
 * Deposits, withdrawals (coin and KRW), deposit / withdrawable addresses and account transfers.
 * Withdrawals hold amount + fee in withdrawalInUse; coin withdrawals move through pending -> reviewing ->
 * processing -> done, one step every `stepMs` (cancelable while reviewing, the live rule), KRW withdrawals
 * the same four steps (korbit-cli internal/ops/funding_ops.go lists pending and reviewing for KRW
 * withdrawals too). Deposits and KRW push requests complete after one step. Transitions run on a timer
 * and before every read.
 */
import crypto from 'node:crypto';
import { fromUnits, LEDGER_DP, toLedger } from '../engine/units.js';
import type { Committer } from '../exchange/commit.js';
import type { Ledger } from '../ledger/ledger.js';
import type { Store } from '../store/db.js';
import type { Result, SbxError } from '../types.js';
import { type CurrencyConfig, defaultCurrencies, type NetworkConfig } from './currencies.js';
import { type RecordKind, Records, type StoredRecord } from './records.js';
import type { AddressRecord, CoinRecord, KrwRecord, TransferRecord } from './recordTypes.js';
import { transferBetweenAccounts } from './transfers.js';
import { cancelWithdrawal, requestWithdrawal } from './withdrawals.js';

export type { AddressRecord, CoinRecord, KrwRecord, TransferRecord } from './recordTypes.js';

export interface NetworkOverride {
  currency: string;
  network?: string;
  withdrawalStatus?: 'launched' | 'stopped';
  depositStatus?: 'launched' | 'stopped';
}

const e = (code: string, description: string, status = 400): SbxError => ({ status, code, description });
const no = <T>(err: SbxError): Result<T> => ({ ok: false, error: err });
const FINAL = new Set(['done', 'canceled', 'failed', 'refunded']);
const WITHDRAWAL_STEPS = ['pending', 'reviewing', 'processing', 'done'];
const KRW_WITHDRAWAL_STEPS = WITHDRAWAL_STEPS;

export class Funding {
  readonly records: Records;
  private readonly currencies = new Map<string, CurrencyConfig>();

  constructor(
    private readonly store: Store,
    readonly ledger: Ledger,
    readonly commit: Committer,
    readonly now: () => number,
    public stepMs = 3000,
  ) {
    this.records = new Records(store);
    for (const c of defaultCurrencies()) this.currencies.set(c.name, c);
    const saved = store.getMeta('networkOverrides');
    if (saved) for (const o of JSON.parse(saved) as NetworkOverride[]) this.applyNetwork(o);
  }

  /** Admin: suspend or resume deposits / withdrawals of a network (persisted). */
  setNetworkStatus(o: NetworkOverride): Result<NetworkConfig> {
    const n = this.network(o.currency, o.network);
    if (!n.ok) return n;
    const full = { ...o, network: n.value.name };
    this.applyNetwork(full);
    const saved = JSON.parse(this.store.getMeta('networkOverrides') ?? '[]') as NetworkOverride[];
    saved.push(full);
    this.store.setMeta('networkOverrides', JSON.stringify(saved));
    return { ok: true, value: n.value };
  }

  private applyNetwork(o: NetworkOverride): void {
    const n = this.currencies.get(o.currency)?.networkList.find((x) => x.name === o.network);
    if (!n) return;
    if (o.withdrawalStatus) n.withdrawalStatus = o.withdrawalStatus;
    if (o.depositStatus) n.depositStatus = o.depositStatus;
  }

  currencyConfig(name: string): CurrencyConfig | undefined {
    return this.currencies.get(name);
  }

  currencyList(): CurrencyConfig[] {
    return [...this.currencies.values()];
  }

  network(cur: string, network?: string): Result<NetworkConfig> {
    const c = this.currencies.get(cur);
    if (!c) return no(e('INVALID_CURRENCY', `Unknown currency ${cur}.`));
    const n = c.networkList.find((x) => x.name === (network ?? c.defaultNetwork));
    if (!n) return no(e('INVALID_NETWORK', `Unknown network ${network} for ${cur}.`));
    return { ok: true, value: n };
  }

  /** Advances every non-final funding record to the status its age implies. */
  advance(): void {
    const now = this.now();
    const due: Array<{ kind: RecordKind; r: CoinRecord | KrwRecord }> = [];
    for (const kind of ['coinDeposit', 'coinWithdrawal', 'krwDeposit', 'krwWithdrawal'] as const) {
      const rows = this.store.db
        .prepare(
          "SELECT data FROM records WHERE kind = ? AND json_extract(data, '$.status') NOT IN ('done','canceled','failed','refunded')",
        )
        .all(kind) as Array<{ data: string }>;
      for (const row of rows) due.push({ kind, r: JSON.parse(row.data) });
    }
    if (due.length === 0) return;
    const changed = due.filter(({ kind, r }) => this.target(kind, r, now) !== r.status);
    if (changed.length === 0) return;
    this.commit.run(() => {
      for (const { kind, r } of changed) {
        const to = this.target(kind, r, now);
        r.status = to;
        r.updatedAt = now;
        if (to === 'done') this.complete(kind, r, now);
        this.records.save(kind, r);
      }
    });
  }

  private target(kind: RecordKind, r: CoinRecord | KrwRecord, now: number): string {
    if (FINAL.has(r.status)) return r.status;
    const steps = Math.floor((now - r.createdAt) / this.stepMs);
    if (kind === 'coinWithdrawal' || kind === 'krwWithdrawal') {
      const list = kind === 'krwWithdrawal' ? KRW_WITHDRAWAL_STEPS : WITHDRAWAL_STEPS;
      const i = Math.max(list.indexOf(r.status), Math.min(steps, list.length - 1));
      return list[i]!;
    }
    return steps >= 1 ? 'done' : r.status;
  }

  private complete(kind: RecordKind, r: CoinRecord | KrwRecord, now: number): void {
    const cur = 'currency' in r ? r.currency : 'krw';
    if (kind === 'coinDeposit' || kind === 'krwDeposit') {
      const u = toLedger(r.quantity)!;
      this.ledger.credit(r.userId, 1, cur, u, now);
      this.ledger.flow(cur, 'deposit', u);
    } else {
      const hold = BigInt(r.hold ?? '0');
      const fee = toLedger(r.fee ?? '0')!;
      this.ledger.spendHeld(r.userId, 1, cur, hold, now, 'withdrawal');
      this.ledger.flow(cur, 'withdrawal', hold - fee);
      this.ledger.flow(cur, 'fee', fee);
      r.hold = '0';
      if ('transactionHash' in r) r.transactionHash = `0x${crypto.randomBytes(32).toString('hex')}`;
    }
  }

  /** Admin / KRW push: records a deposit that completes after one step (or at once when instant). */
  createDeposit(
    userId: number,
    cur: string,
    quantity: string,
    opts: { network?: string; instant?: boolean } = {},
  ): Result<StoredRecord> {
    const u = toLedger(quantity);
    if (u === null || u <= 0n) return no(e('BAD_REQUEST', 'amount must be a positive decimal.'));
    const now = this.now();
    if (cur === 'krw') {
      const r: KrwRecord = {
        id: 0,
        userId,
        accountSeq: 1,
        createdAt: now,
        updatedAt: now,
        status: 'pending',
        quantity: fromUnits(u, LEDGER_DP),
      };
      return { ok: true, value: this.saveDeposit('krwDeposit', r, now, opts.instant) };
    }
    const n = this.network(cur, opts.network);
    if (!n.ok) return n;
    const addr = this.depositAddressOf(userId, cur, n.value.name);
    const r: CoinRecord = {
      id: 0,
      userId,
      accountSeq: 1,
      createdAt: now,
      updatedAt: now,
      currency: cur,
      network: n.value.name,
      address: addr?.address ?? randomAddress(cur),
      secondaryAddress: addr?.secondaryAddress ?? null,
      status: 'pending',
      quantity: fromUnits(u, LEDGER_DP),
      transactionHash: `0x${crypto.randomBytes(32).toString('hex')}`,
    };
    return { ok: true, value: this.saveDeposit('coinDeposit', r, now, opts.instant) };
  }

  /** Stores a new deposit under its own id in one commit; an instant one is done (and credited) at once. */
  private saveDeposit<R extends CoinRecord | KrwRecord>(
    kind: 'krwDeposit' | 'coinDeposit',
    r: R,
    now: number,
    instant: boolean | undefined,
  ): R {
    this.commit.run(() => {
      r.id = this.records.nextId(kind);
      if (instant) {
        r.status = 'done';
        this.complete(kind, r, now);
      }
      this.records.save(kind, r);
    });
    return r;
  }

  requestWithdrawal(
    userId: number,
    p: { currency: string; amount: string; address?: string; network?: string; secondaryAddress?: string },
  ): Result<CoinRecord | KrwRecord> {
    return requestWithdrawal(this, userId, p);
  }

  cancelWithdrawal(userId: number, id: number): Result<CoinRecord> {
    return cancelWithdrawal(this, userId, id);
  }

  createDepositAddress(userId: number, cur: string, network?: string): Result<AddressRecord> {
    const n = this.network(cur, network);
    if (!n.ok) return n;
    if (n.value.depositStatus !== 'launched') return no(e('DEPOSIT_SUSPENDED', 'Deposits are suspended.'));
    const existing = this.depositAddressOf(userId, cur, n.value.name);
    // Idempotent like the live service: the existing address is returned (korbit-cli
    // internal/ops/funding_ops.go, `deposit generate`: "generate (or return the existing)").
    if (existing) return { ok: true, value: existing };
    const secondary = n.value.hasSecondaryAddr ? String(crypto.randomInt(100000, 999999999)) : null;
    const r = this.newAddress(userId, cur, n.value.name, randomAddress(cur), secondary);
    return { ok: true, value: this.saveAddress('depositAddress', r) };
  }

  addWithdrawableAddress(
    userId: number,
    cur: string,
    network: string | undefined,
    address: string,
    secondaryAddress?: string,
    label?: string,
    anyAsset = false,
  ): Result<AddressRecord> {
    const n = this.network(cur, network);
    if (!n.ok) return n;
    const r = this.newAddress(userId, cur, n.value.name, address, secondaryAddress ?? null);
    if (label) r.label = label;
    if (anyAsset) r.anyAsset = true;
    return { ok: true, value: this.saveAddress('withdrawableAddress', r) };
  }

  private depositAddressOf(userId: number, cur: string, network: string): AddressRecord | undefined {
    return this.records
      .list<AddressRecord>('depositAddress', userId)
      .find((a) => a.currency === cur && a.network === network);
  }

  private newAddress(
    userId: number,
    cur: string,
    network: string,
    address: string,
    secondaryAddress: string | null,
  ): AddressRecord {
    return {
      id: 0,
      userId,
      accountSeq: 1,
      createdAt: this.now(),
      currency: cur,
      network,
      address,
      secondaryAddress,
    };
  }

  /** Stores a new address under its own id in one commit. */
  private saveAddress(kind: 'depositAddress' | 'withdrawableAddress', r: AddressRecord): AddressRecord {
    this.commit.run(() => {
      r.id = this.records.nextId(kind);
      this.records.save(kind, r);
    });
    return r;
  }

  transfer(userId: number, from: number, to: number, cur: string, amount: string): Result<TransferRecord> {
    return transferBetweenAccounts(this, userId, from, to, cur, amount);
  }
}

function randomAddress(cur: string): string {
  const h = crypto.randomBytes(20).toString('hex');
  return cur === 'btc' ? `bc1q${h.slice(0, 38)}` : cur === 'xrp' ? `r${h.slice(0, 33)}` : `0x${h}`;
}
