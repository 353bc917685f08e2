import type Database from 'better-sqlite3';
import type { WatchState } from '../../core/conditional/scan.js';
import type { CondDefinition, CondStatus, Leg } from '../../core/conditional/types.js';
import type { CondProgress } from '../../core/conditional/wire.js';
import { deepFreeze } from '../../core/freeze.js';
import { openProxyDb } from '../sqlite.js';

/** What the engine learns while a conditional order lives; stored as JSON beside its definition. */
export interface Runtime extends CondProgress {
  watch: WatchState;
  /** The legs being watched (a bracket's exits are sized once its entry fills). */
  legs: Leg[];
}

export interface Conditional {
  id: string;
  profileId: string;
  accountSeq: number | null;
  def: CondDefinition;
  status: CondStatus;
  rt: Runtime;
  createdAt: number;
  updatedAt: number;
}

interface Row {
  id: string;
  profile_id: string;
  account_seq: number | null;
  def: string;
  status: CondStatus;
  rt: string;
  created_at: number;
  updated_at: number;
}

const fromRow = (r: Row): Conditional => ({
  id: r.id,
  profileId: r.profile_id,
  accountSeq: r.account_seq,
  def: JSON.parse(r.def) as CondDefinition,
  status: r.status,
  rt: JSON.parse(r.rt) as Runtime,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * Conditional orders in `<configDir>/conditional.sqlite` (WAL, synchronous=FULL): a definition is
 * on disk before it is acknowledged, and every state change is a compare-and-set on the status,
 * so of two racing transitions (a trigger and a cancel, two OCO legs) exactly one wins.
 */
export class ConditionalStore {
  private readonly db: Database.Database;
  /**
   * The live set, read from disk once and kept until the next write (the engine asks for it on every
   * trade frame). Only this instance writes the file; every write method drops the copy. The objects
   * are frozen, so a caller can never change what the next caller reads.
   */
  private liveCache: readonly Conditional[] | null = null;

  constructor(configDir: string) {
    this.db = openProxyDb(configDir, 'conditional.sqlite', 'FULL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS conditionals (
      id TEXT PRIMARY KEY,
      profile_id TEXT NOT NULL,
      account_seq INTEGER,
      symbol TEXT NOT NULL,
      def TEXT NOT NULL,
      status TEXT NOT NULL,
      rt TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS conditionals_status ON conditionals(status);`);
  }

  insert(c: Omit<Conditional, 'createdAt' | 'updatedAt'>): Conditional {
    const now = Date.now();
    this.liveCache = null;
    this.db
      .prepare(
        `INSERT INTO conditionals (id, profile_id, account_seq, symbol, def, status, rt, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        c.id,
        c.profileId,
        c.accountSeq,
        c.def.symbol,
        JSON.stringify(c.def),
        c.status,
        JSON.stringify(c.rt),
        now,
        now,
      );
    return { ...c, createdAt: now, updatedAt: now };
  }

  get(id: string): Conditional | undefined {
    const r = this.db.prepare('SELECT * FROM conditionals WHERE id = ?').get(id) as Row | undefined;
    return r ? fromRow(r) : undefined;
  }

  /** Moves `id` from `from` to `to` with a new runtime; false when its status was no longer `from`. */
  transition(id: string, from: CondStatus | readonly CondStatus[], to: CondStatus, rt: Runtime): boolean {
    const froms = Array.isArray(from) ? from : [from];
    const marks = froms.map(() => '?').join(', ');
    this.liveCache = null;
    const r = this.db
      .prepare(
        `UPDATE conditionals SET status = ?, rt = ?, updated_at = ? WHERE id = ? AND status IN (${marks})`,
      )
      .run(to, JSON.stringify(rt), Date.now(), id, ...froms);
    return r.changes === 1;
  }

  /** Replaces definition and runtime together while the status is still `from` (a moved trigger level). */
  amend(id: string, from: CondStatus, def: CondDefinition, rt: Runtime): boolean {
    this.liveCache = null;
    const r = this.db
      .prepare('UPDATE conditionals SET def = ?, rt = ?, updated_at = ? WHERE id = ? AND status = ?')
      .run(JSON.stringify(def), JSON.stringify(rt), Date.now(), id, from);
    return r.changes === 1;
  }

  /** Saves runtime progress (cursor, trailing extremes) without changing the status. */
  saveRuntime(id: string, status: CondStatus, rt: Runtime): boolean {
    return this.transition(id, status, status, rt);
  }

  /** Non-terminal conditionals (the engine's working set), oldest first; from memory between writes. */
  live(): readonly Conditional[] {
    if (!this.liveCache) {
      const rows = this.db
        .prepare(
          `SELECT * FROM conditionals WHERE status IN ('arming', 'entryOpen', 'armed', 'triggered') ORDER BY created_at`,
        )
        .all() as Row[];
      this.liveCache = Object.freeze(rows.map((r) => deepFreeze(fromRow(r))));
    }
    return this.liveCache;
  }

  recent(limit = 200): Conditional[] {
    const n = Math.max(1, Math.min(1000, Math.floor(limit) || 200));
    const rows = this.db
      .prepare('SELECT * FROM conditionals ORDER BY created_at DESC, rowid DESC LIMIT ?')
      .all(n) as Row[];
    return rows.map(fromRow);
  }

  close(): void {
    this.db.close();
  }
}
