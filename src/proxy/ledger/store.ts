// The local account ledger, `<configDir>/ledger.sqlite` (synchronous FULL): every fill and flow of every
// account, kept forever, keyed by owner (the key's userUuid, so several keys of one user share it) and
// account. A page of rows and the cursor it advances are written in one transaction, so a kill -9 leaves
// either both or neither; rows are unique by event id (trades are never rewritten, funding rows take their
// later status), so reading a stretch again adds nothing.
import type Database from 'better-sqlite3';
import { openProxyDb } from '../sqlite.js';
import { type LedgerList, type LedgerRecord, localIdOf } from './records.js';
import { LEDGER_SCHEMA } from './schema.js';

export interface Cursor {
  list: LedgerList;
  /** '' for a whole list; the pair of a trade list, the currency of a per-currency coin list. */
  part: string;
  syncedUntil: number;
  oldestReached: number | null;
}

export type GapReason = 'offline' | 'unreadable';

export interface StoredGap {
  id: number;
  owner: string;
  accountSeq: number;
  list: LedgerList;
  part: string;
  from: number;
  to: number;
  reason: GapReason;
  recordedAt: number;
}

export interface StoredEventRow {
  owner: string;
  accountSeq: number;
  eventId: string;
  record: LedgerRecord;
}

export interface CursorMove {
  list: LedgerList;
  part: string;
  syncedUntil: number;
  /** Set only by the first read of a list (kept afterwards). */
  oldestReached?: number | null;
}

export interface KnownAccount {
  owner: string;
  accountSeq: number;
  profileId: string;
}

export class LedgerStore {
  readonly db: Database.Database;
  /** Goes up with every change of rows or costs (the P&L index is rebuilt on a change). */
  version = 0;
  /**
   * Bumped by every cursor move: it changes no figure, but what the ledger covers (its gaps, the
   * holdings it has read up to), which the P&L index takes too (service.ts index()).
   */
  cursorMoves = 0;
  /** Bumped when a stored event is rewritten (a funding row's later status): eventsAfter misses those. */
  rewrites = 0;

  constructor(configDir: string) {
    this.db = openProxyDb(configDir, 'ledger.sqlite', 'FULL');
    this.db.exec(LEDGER_SCHEMA);
  }

  /**
   * Writes a page: new rows, changed statuses of funding rows not yet final, optionally the cursor and
   * gaps, all in one transaction. Returns how many rows were new.
   */
  commit(
    owner: string,
    accountSeq: number,
    records: readonly LedgerRecord[],
    move?: CursorMove,
    gaps: readonly Omit<StoredGap, 'id' | 'owner' | 'accountSeq' | 'recordedAt'>[] = [],
    now = Date.now(),
  ): number {
    const insert = this.db.prepare(
      `INSERT OR IGNORE INTO events (owner, account_seq, event_id, kind, ts, status, body, first_seen)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const update = this.db.prepare(
      `UPDATE events SET status = ?, body = ?, ts = ?
       WHERE owner = ? AND account_seq = ? AND event_id = ? AND status <> ? AND status NOT IN
       ('done', 'failed', 'canceled', 'refunded')`,
    );
    const run = this.db.transaction(() => {
      let added = 0;
      let changed = 0;
      let rewritten = 0;
      for (const r of records) {
        const id = localIdOf(r);
        const status = r.kind === 'trade' ? 'done' : r.status;
        const body = JSON.stringify(r);
        const res = insert.run(owner, accountSeq, id, r.kind, r.ts, status, body, now);
        if (res.changes === 1) added++;
        else if (r.kind !== 'trade')
          rewritten += update.run(status, body, r.ts, owner, accountSeq, id, status).changes;
      }
      if (move) this.moveCursor(owner, accountSeq, move, now);
      for (const g of gaps) changed += this.addGap(owner, accountSeq, g, now);
      return { added, rewritten, changed: added + rewritten + changed };
    });
    const r = run();
    if (r.rewritten) this.rewrites++;
    // a moved cursor alone changes no figure (cursorMoves: only what the index covers)
    if (r.changed) this.version++;
    return r.added;
  }

  /** The accounts the last discovery found, each with the profile that reads it. */
  setAccounts(list: readonly KnownAccount[]): void {
    const ins = this.db.prepare(
      'INSERT OR REPLACE INTO accounts (owner, account_seq, profile_id) VALUES (?, ?, ?)',
    );
    const before = JSON.stringify(this.knownAccounts());
    this.db.transaction(() => {
      for (const a of list) ins.run(a.owner, a.accountSeq, a.profileId);
    })();
    if (JSON.stringify(this.knownAccounts()) !== before) this.version++;
  }

  knownAccounts(): KnownAccount[] {
    const rows = this.db.prepare('SELECT * FROM accounts ORDER BY owner, account_seq').all() as {
      owner: string;
      account_seq: number;
      profile_id: string;
    }[];
    return rows.map((r) => ({ owner: r.owner, accountSeq: r.account_seq, profileId: r.profile_id }));
  }

  private moveCursor(owner: string, accountSeq: number, m: CursorMove, now: number): void {
    this.db
      .prepare(
        `INSERT INTO cursors (owner, account_seq, list, part, synced_until, oldest_reached, first_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (owner, account_seq, list, part) DO UPDATE SET
           synced_until = max(synced_until, excluded.synced_until)`,
      )
      .run(owner, accountSeq, m.list, m.part, m.syncedUntil, m.oldestReached ?? null, now);
    this.cursorMoves++;
  }

  private addGap(
    owner: string,
    accountSeq: number,
    g: Omit<StoredGap, 'id' | 'owner' | 'accountSeq' | 'recordedAt'>,
    now: number,
  ): number {
    if (g.to <= g.from) return 0;
    return this.db
      .prepare(
        `INSERT INTO gaps (owner, account_seq, list, part, from_ts, to_ts, reason, recorded_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (owner, account_seq, list, part, from_ts) DO UPDATE SET to_ts = max(to_ts, excluded.to_ts)`,
      )
      .run(owner, accountSeq, g.list, g.part, g.from, g.to, g.reason, now).changes;
  }

  cursor(owner: string, accountSeq: number, list: LedgerList, part: string): Cursor | null {
    return this.cursors(owner, accountSeq).find((c) => c.list === list && c.part === part) ?? null;
  }

  cursors(owner: string, accountSeq: number): Cursor[] {
    return this.db
      .prepare(
        `SELECT list, part, synced_until AS syncedUntil, oldest_reached AS oldestReached
         FROM cursors WHERE owner = ? AND account_seq = ?`,
      )
      .all(owner, accountSeq) as Cursor[];
  }

  gaps(owner: string, accountSeq: number): StoredGap[] {
    return this.db
      .prepare(
        `SELECT id, owner, account_seq AS accountSeq, list, part, from_ts AS "from", to_ts AS "to", reason,
         recorded_at AS recordedAt FROM gaps WHERE owner = ? AND account_seq = ? ORDER BY from_ts`,
      )
      .all(owner, accountSeq) as StoredGap[];
  }

  /** Events of one account, oldest first, optionally from `since` (inclusive) to `until` (inclusive). */
  events(owner: string, accountSeq: number, since = 0, until = Number.MAX_SAFE_INTEGER): StoredEventRow[] {
    return this.stored(
      'WHERE owner = ? AND account_seq = ? AND ts >= ? AND ts <= ? ORDER BY ts, event_id',
      owner,
      accountSeq,
      since,
      until,
    );
  }

  /** The largest rowid of the events table (0 when empty): rows added later have larger ones. */
  lastEventRowid(): number {
    return (this.db.prepare('SELECT max(rowid) AS n FROM events').get() as { n: number | null }).n ?? 0;
  }

  /** An account's rows up to `maxRowid` as stored (body unparsed), by time and id: for a read in slices. */
  eventRows(owner: string, accountSeq: number, maxRowid: number): { eventId: string; body: string }[] {
    return this.db
      .prepare(
        'SELECT event_id AS eventId, body FROM events WHERE owner = ? AND account_seq = ? AND rowid <= ? ORDER BY ts, event_id',
      )
      .all(owner, accountSeq, maxRowid) as { eventId: string; body: string }[];
  }

  /** Events added after `rowid` (no row is deleted; a rewrite keeps its rowid and counts in `rewrites`). */
  eventsAfter(rowid: number): (StoredEventRow & { rowid: number })[] {
    return this.stored('WHERE rowid > ? ORDER BY rowid', rowid);
  }

  /** Stored events selected by `where` (and its order), parsed. */
  private stored(where: string, ...args: unknown[]): (StoredEventRow & { rowid: number })[] {
    const rows = this.db
      .prepare(`SELECT rowid, owner, account_seq, event_id, body FROM events ${where}`)
      .all(...args) as {
      rowid: number;
      owner: string;
      account_seq: number;
      event_id: string;
      body: string;
    }[];
    return rows.map((r) => ({
      rowid: r.rowid,
      owner: r.owner,
      accountSeq: r.account_seq,
      eventId: r.event_id,
      record: JSON.parse(r.body) as LedgerRecord,
    }));
  }

  eventCount(owner: string, accountSeq: number): number {
    const r = this.db
      .prepare('SELECT count(*) AS n FROM events WHERE owner = ? AND account_seq = ?')
      .get(owner, accountSeq) as { n: number };
    return r.n;
  }

  hasEvent(owner: string, eventId: string): LedgerRecord | null {
    const r = this.db
      .prepare('SELECT body FROM events WHERE owner = ? AND event_id = ? LIMIT 1')
      .get(owner, eventId) as { body: string } | undefined;
    return r ? (JSON.parse(r.body) as LedgerRecord) : null;
  }

  /** Currencies this account has moved or traded (for per-currency coin lists). */
  currencies(owner: string, accountSeq: number): string[] {
    // in SQLite, not by parsing every row here: the sync asks at every round
    const rows = this.db
      .prepare(
        `SELECT DISTINCT CASE kind WHEN 'trade' THEN json_extract(body, '$.symbol') ELSE json_extract(body, '$.currency') END AS c
         FROM events WHERE owner = ? AND account_seq = ?`,
      )
      .all(owner, accountSeq) as { c: unknown }[];
    const out = new Set(rows.map(({ c }) => (typeof c === 'string' ? (c.split('_')[0] ?? '') : '')));
    out.delete('');
    return [...out];
  }

  setCost(owner: string, eventId: string, costKrw: string, now = Date.now()): void {
    this.db
      .prepare(
        `INSERT INTO costs (owner, event_id, cost_krw, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (owner, event_id) DO UPDATE SET cost_krw = excluded.cost_krw, updated_at = excluded.updated_at`,
      )
      .run(owner, eventId, costKrw, now);
    this.version++;
  }

  deleteCost(owner: string, eventId: string): boolean {
    const gone =
      this.db.prepare('DELETE FROM costs WHERE owner = ? AND event_id = ?').run(owner, eventId).changes > 0;
    if (gone) this.version++;
    return gone;
  }

  costs(): { owner: string; eventId: string; costKrw: string; updatedAt: number }[] {
    const rows = this.db.prepare('SELECT * FROM costs ORDER BY updated_at').all() as {
      owner: string;
      event_id: string;
      cost_krw: string;
      updated_at: number;
    }[];
    return rows.map((r) => ({
      owner: r.owner,
      eventId: r.event_id,
      costKrw: r.cost_krw,
      updatedAt: r.updated_at,
    }));
  }

  close(): void {
    this.db.close();
  }
}
