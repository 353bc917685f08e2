/**
 * Balances of every (user, account, currency) in ledger units (bigint, 10^-12), with holds:
 * available, tradeInUse (open orders) and withdrawalInUse (pending withdrawals); plus avgPrice
 * (average buy price of a coin) and global flows per currency (funding, deposits, withdrawals,
 * fees) for the conservation invariant. Changes are tracked as dirty and flushed by the caller
 * inside its SQLite transaction.
 */
import type Database from 'better-sqlite3';
import { ledgerStr } from '../engine/units.js';
import type { BalanceRecord } from '../types.js';

export interface Bal {
  available: bigint;
  trade: bigint;
  withdrawal: bigint;
  avgPrice: string;
  updatedAt: number;
}

export type FlowKind = 'funding' | 'deposit' | 'withdrawal' | 'fee';

const key = (u: number, s: number, c: string) => `${u}:${s}:${c}`;

export class LedgerError extends Error {}

export class Ledger {
  private readonly bals = new Map<string, Bal>();
  private readonly flows = new Map<string, bigint>();
  private dirty = new Set<string>();
  private dirtyFlows = new Set<string>();
  private upsertBalance: Database.Statement | undefined;
  private upsertFlow: Database.Statement | undefined;

  constructor(private readonly db: Database.Database) {
    const rows = db.prepare('SELECT * FROM balances').all() as Array<Record<string, string | number>>;
    for (const r of rows) {
      this.bals.set(key(Number(r.user_id), Number(r.seq), String(r.currency)), {
        available: BigInt(r.available!),
        trade: BigInt(r.trade!),
        withdrawal: BigInt(r.withdrawal!),
        avgPrice: String(r.avg_price),
        updatedAt: Number(r.updated_at),
      });
    }
    for (const r of db.prepare('SELECT * FROM flows').all() as Array<Record<string, string>>) {
      this.flows.set(`${r.currency}:${r.kind}`, BigInt(r.units!));
    }
  }

  get(u: number, s: number, c: string): Bal {
    const k = key(u, s, c);
    let b = this.bals.get(k);
    if (!b) {
      b = { available: 0n, trade: 0n, withdrawal: 0n, avgPrice: '0', updatedAt: 0 };
      this.bals.set(k, b);
    }
    return b;
  }

  private touch(u: number, s: number, c: string, now: number): Bal {
    const b = this.get(u, s, c);
    b.updatedAt = now;
    this.dirty.add(key(u, s, c));
    return b;
  }

  private check(b: Bal): void {
    if (b.available < 0n || b.trade < 0n || b.withdrawal < 0n) throw new LedgerError('negative balance');
  }

  credit(u: number, s: number, c: string, amt: bigint, now: number): void {
    const b = this.touch(u, s, c, now);
    b.available += amt;
    this.check(b);
  }

  /** Moves amt from available to tradeInUse (or withdrawalInUse); false when not enough. */
  hold(
    u: number,
    s: number,
    c: string,
    amt: bigint,
    now: number,
    bucket: 'trade' | 'withdrawal' = 'trade',
  ): boolean {
    const b = this.get(u, s, c);
    if (b.available < amt) return false;
    this.touch(u, s, c, now);
    b.available -= amt;
    b[bucket] += amt;
    return true;
  }

  release(
    u: number,
    s: number,
    c: string,
    amt: bigint,
    now: number,
    bucket: 'trade' | 'withdrawal' = 'trade',
  ): void {
    if (amt === 0n) return;
    const b = this.touch(u, s, c, now);
    b[bucket] -= amt;
    b.available += amt;
    this.check(b);
  }

  /** Removes amt from a hold bucket (it leaves the account: paid to a counterparty or withdrawn). */
  spendHeld(
    u: number,
    s: number,
    c: string,
    amt: bigint,
    now: number,
    bucket: 'trade' | 'withdrawal' = 'trade',
  ): void {
    const b = this.touch(u, s, c, now);
    b[bucket] -= amt;
    this.check(b);
  }

  /** Sets available so that the total equals `total` (admin); returns the delta (for funding flow). */
  setTotal(u: number, s: number, c: string, total: bigint, now: number): bigint {
    const b = this.touch(u, s, c, now);
    const delta = total - (b.available + b.trade + b.withdrawal);
    if (b.available + delta < 0n) throw new LedgerError('cannot set below the held amount');
    b.available += delta;
    return delta;
  }

  setAvgPrice(u: number, s: number, c: string, avg: string): void {
    this.get(u, s, c).avgPrice = avg;
  }

  flow(c: string, kind: FlowKind, delta: bigint): void {
    const k = `${c}:${kind}`;
    this.flows.set(k, (this.flows.get(k) ?? 0n) + delta);
    this.dirtyFlows.add(k);
  }

  flowOf(c: string, kind: FlowKind): bigint {
    return this.flows.get(`${c}:${kind}`) ?? 0n;
  }

  record(c: string, b: Bal): BalanceRecord {
    return {
      currency: c,
      balance: ledgerStr(b.available + b.trade + b.withdrawal),
      available: ledgerStr(b.available),
      tradeInUse: ledgerStr(b.trade),
      withdrawalInUse: ledgerStr(b.withdrawal),
      avgPrice: b.avgPrice,
      updatedAt: b.updatedAt,
    };
  }

  /** All currencies of an account (including zero balances that were ever touched). */
  list(u: number, s: number): BalanceRecord[] {
    const prefix = `${u}:${s}:`;
    const out: BalanceRecord[] = [];
    for (const [k, b] of this.bals)
      if (k.startsWith(prefix)) out.push(this.record(k.slice(prefix.length), b));
    return out.sort((a, b) => a.currency.localeCompare(b.currency));
  }

  /** Writes dirty rows (call inside the command's transaction) and returns the changed keys. */
  flush(): Array<{ userId: number; accountSeq: number; currency: string }> {
    // prepared once per ledger (a flush runs in every command)
    this.upsertBalance ??= this.db.prepare(
      `INSERT INTO balances(user_id, seq, currency, available, trade, withdrawal, avg_price, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(user_id, seq, currency) DO UPDATE SET
       available = excluded.available, trade = excluded.trade, withdrawal = excluded.withdrawal,
       avg_price = excluded.avg_price, updated_at = excluded.updated_at`,
    );
    const up = this.upsertBalance;
    const changed: Array<{ userId: number; accountSeq: number; currency: string }> = [];
    for (const k of this.dirty) {
      const [u, s, c] = k.split(':') as [string, string, string];
      const b = this.bals.get(k)!;
      up.run(
        Number(u),
        Number(s),
        c,
        String(b.available),
        String(b.trade),
        String(b.withdrawal),
        b.avgPrice,
        b.updatedAt,
      );
      changed.push({ userId: Number(u), accountSeq: Number(s), currency: c });
    }
    this.upsertFlow ??= this.db.prepare(
      'INSERT INTO flows(currency, kind, units) VALUES (?, ?, ?) ON CONFLICT(currency, kind) DO UPDATE SET units = excluded.units',
    );
    const fl = this.upsertFlow;
    for (const k of this.dirtyFlows) {
      const [c, kind] = k.split(':') as [string, string];
      fl.run(c, kind, String(this.flows.get(k)));
    }
    this.dirty = new Set();
    this.dirtyFlows = new Set();
    return changed;
  }

  /**
   * Conservation check: no negative bucket anywhere, and per currency
   * sum(balances) + fees == funding + deposits - withdrawals. Returns the violations (empty = ok).
   */
  checkInvariants(): string[] {
    const problems: string[] = [];
    const totals = new Map<string, bigint>();
    for (const [k, b] of this.bals) {
      if (b.available < 0n || b.trade < 0n || b.withdrawal < 0n) problems.push(`negative balance at ${k}`);
      const c = k.split(':')[2]!;
      totals.set(c, (totals.get(c) ?? 0n) + b.available + b.trade + b.withdrawal);
    }
    const currencies = new Set([...totals.keys(), ...[...this.flows.keys()].map((k) => k.split(':')[0]!)]);
    for (const c of currencies) {
      const lhs = (totals.get(c) ?? 0n) + this.flowOf(c, 'fee');
      const rhs = this.flowOf(c, 'funding') + this.flowOf(c, 'deposit') - this.flowOf(c, 'withdrawal');
      if (lhs !== rhs)
        problems.push(
          `${c}: balances+fees ${ledgerStr(lhs)} != funding+deposits-withdrawals ${ledgerStr(rhs)}`,
        );
    }
    return problems;
  }

  /** Drops in-memory dirty state after a failed transaction by reloading nothing (process keeps memory). */
  hasDirty(): boolean {
    return this.dirty.size > 0;
  }
}
