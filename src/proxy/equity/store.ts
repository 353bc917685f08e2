// Equity snapshots and external flows per owner (the key's user, or the profile) and account,
// in `<configDir>/desk.sqlite`. Snapshots older than the retention are pruned.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { EquityPoint, FlowKind } from '../../core/desk/dayPnl.js';
import type { EquityFlow } from '../../core/proxyApi/desk.js';

export type StoredFlow = EquityFlow;

export const RETENTION_MS = 3 * 24 * 3600_000;

export class DeskStore {
  readonly db: Database.Database;

  constructor(configDir: string) {
    mkdirSync(configDir, { recursive: true, mode: 0o700 });
    this.db = new Database(join(configDir, 'desk.sqlite'));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS equity (
      owner TEXT NOT NULL, account_seq INTEGER NOT NULL, ts INTEGER NOT NULL, equity TEXT NOT NULL,
      PRIMARY KEY (owner, account_seq, ts));
    CREATE TABLE IF NOT EXISTS flows (
      owner TEXT NOT NULL, account_seq INTEGER NOT NULL, flow_id TEXT NOT NULL, kind TEXT NOT NULL,
      ts INTEGER NOT NULL, currency TEXT NOT NULL, qty TEXT NOT NULL, value_krw TEXT NOT NULL,
      PRIMARY KEY (owner, account_seq, flow_id));
    CREATE TABLE IF NOT EXISTS kill_runs (
      id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, state TEXT NOT NULL, report TEXT NOT NULL);`);
  }

  addSnapshot(owner: string, accountSeq: number, ts: number, equityKrw: string): void {
    this.db
      .prepare('INSERT OR REPLACE INTO equity (owner, account_seq, ts, equity) VALUES (?, ?, ?, ?)')
      .run(owner, accountSeq, ts, equityKrw);
  }

  /** Keeps the first sighting of a flow (its KRW value at that time). True when it is new. */
  addFlow(owner: string, accountSeq: number, f: StoredFlow): boolean {
    const r = this.db
      .prepare(
        `INSERT OR IGNORE INTO flows (owner, account_seq, flow_id, kind, ts, currency, qty, value_krw)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(owner, accountSeq, f.flowId, f.kind, f.ts, f.currency, f.qty, f.valueKrw);
    return r.changes === 1;
  }

  points(owner: string, accountSeq: number, since: number): EquityPoint[] {
    const rows = this.db
      .prepare('SELECT ts, equity FROM equity WHERE owner = ? AND account_seq = ? AND ts >= ? ORDER BY ts')
      .all(owner, accountSeq, since) as { ts: number; equity: string }[];
    return rows.map((r) => ({ ts: r.ts, equityKrw: r.equity }));
  }

  /** The last snapshot at or before `ts` (the opening candidate). */
  pointAtOrBefore(owner: string, accountSeq: number, ts: number): EquityPoint | null {
    const r = this.db
      .prepare(
        'SELECT ts, equity FROM equity WHERE owner = ? AND account_seq = ? AND ts <= ? ORDER BY ts DESC LIMIT 1',
      )
      .get(owner, accountSeq, ts) as { ts: number; equity: string } | undefined;
    return r ? { ts: r.ts, equityKrw: r.equity } : null;
  }

  flows(owner: string, accountSeq: number, since: number): StoredFlow[] {
    const rows = this.db
      .prepare('SELECT * FROM flows WHERE owner = ? AND account_seq = ? AND ts >= ? ORDER BY ts')
      .all(owner, accountSeq, since) as {
      flow_id: string;
      kind: FlowKind;
      ts: number;
      currency: string;
      qty: string;
      value_krw: string;
    }[];
    return rows.map((r) => ({
      flowId: r.flow_id,
      kind: r.kind,
      ts: r.ts,
      currency: r.currency,
      qty: r.qty,
      valueKrw: r.value_krw,
    }));
  }

  prune(now: number): void {
    this.db.prepare('DELETE FROM equity WHERE ts < ?').run(now - RETENTION_MS);
  }

  close(): void {
    this.db.close();
  }
}
