import type Database from 'better-sqlite3';
import type { AlertDef, AlertEvent, AlertState, AlertStatus } from '../../core/alerts/types.js';
import { deepFreeze } from '../../core/freeze.js';
import { openProxyDb } from '../sqlite.js';

export interface Alert {
  id: string;
  def: AlertDef;
  status: AlertStatus;
  /** Cursor and re-arm state (the rolling window is kept in memory only). */
  state: AlertState;
  firedCount: number;
  lastFired?: { price: string; at: number };
  createdAt: number;
  updatedAt: number;
}

interface AlertRow {
  id: string;
  def: string;
  status: AlertStatus;
  state: string;
  fired_count: number;
  last_fired: string | null;
  created_at: number;
  updated_at: number;
}
interface EventRow {
  id: number;
  alert_id: string;
  symbol: string;
  body: string;
  seen: number;
  created_at: number;
}

const fromRow = (r: AlertRow): Alert => ({
  id: r.id,
  def: JSON.parse(r.def) as AlertDef,
  status: r.status,
  state: JSON.parse(r.state) as AlertState,
  firedCount: r.fired_count,
  ...(r.last_fired ? { lastFired: JSON.parse(r.last_fired) as { price: string; at: number } } : {}),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

type EventBody = Omit<AlertEvent, 'id' | 'alertId' | 'symbol' | 'seen' | 'createdAt'>;
const eventFromRow = (r: EventRow): AlertEvent => ({
  ...(JSON.parse(r.body) as EventBody),
  id: r.id,
  alertId: r.alert_id,
  symbol: r.symbol,
  seen: r.seen === 1,
  createdAt: r.created_at,
});

const persisted = (s: AlertState): AlertState => {
  const { lows: _l, highs: _h, ...rest } = s;
  return rest;
};

const MAX_EVENTS = 2000;

/** Price alerts and their firings in `<configDir>/alerts.sqlite` (WAL), beside the proxy's other data. */
export class AlertStore {
  private readonly db: Database.Database;
  /**
   * The active alerts, read once and kept until a write changes them (the engine asks on every trade
   * frame). Only this instance writes the file; a saved cursor updates its entry, every other write
   * drops the copy. Frozen, so a caller cannot change what the next one reads.
   */
  private activeCache: readonly Alert[] | null = null;

  constructor(configDir: string) {
    this.db = openProxyDb(configDir, 'alerts.sqlite', 'NORMAL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS alerts (
      id TEXT PRIMARY KEY,
      symbol TEXT NOT NULL,
      def TEXT NOT NULL,
      status TEXT NOT NULL,
      state TEXT NOT NULL,
      fired_count INTEGER NOT NULL DEFAULT 0,
      last_fired TEXT,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS alert_events (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      alert_id TEXT NOT NULL,
      symbol TEXT NOT NULL,
      body TEXT NOT NULL,
      seen INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS alert_events_seen ON alert_events(seen);`);
  }

  insert(id: string, def: AlertDef, state: AlertState): Alert {
    const now = Date.now();
    this.activeCache = null;
    this.db
      .prepare(
        `INSERT INTO alerts (id, symbol, def, status, state, created_at, updated_at) VALUES (?, ?, ?, 'active', ?, ?, ?)`,
      )
      .run(id, def.symbol, JSON.stringify(def), JSON.stringify(persisted(state)), now, now);
    return this.get(id)!;
  }

  get(id: string): Alert | undefined {
    const r = this.db.prepare('SELECT * FROM alerts WHERE id = ?').get(id) as AlertRow | undefined;
    return r ? fromRow(r) : undefined;
  }

  list(): Alert[] {
    return (this.db.prepare('SELECT * FROM alerts ORDER BY created_at, rowid').all() as AlertRow[]).map(
      fromRow,
    );
  }

  active(): readonly Alert[] {
    if (!this.activeCache) {
      const rows = this.db
        .prepare(`SELECT * FROM alerts WHERE status = 'active' ORDER BY created_at`)
        .all() as AlertRow[];
      this.activeCache = Object.freeze(rows.map((r) => deepFreeze(fromRow(r))));
    }
    return this.activeCache;
  }

  /** Replaces definition, status and state (an edit, enable/disable). */
  update(id: string, def: AlertDef, status: AlertStatus, state: AlertState): Alert | undefined {
    this.activeCache = null;
    this.db
      .prepare('UPDATE alerts SET def = ?, status = ?, state = ?, updated_at = ? WHERE id = ?')
      .run(JSON.stringify(def), status, JSON.stringify(persisted(state)), Date.now(), id);
    return this.get(id);
  }

  saveState(id: string, state: AlertState): void {
    const json = JSON.stringify(persisted(state));
    this.db.prepare(`UPDATE alerts SET state = ? WHERE id = ? AND status = 'active'`).run(json, id);
    // the cached copy takes the state as a re-read would give it
    const cached = this.activeCache;
    if (cached)
      this.activeCache = Object.freeze(
        cached.map((a) => (a.id === id ? deepFreeze({ ...a, state: JSON.parse(json) as AlertState }) : a)),
      );
  }

  /** Stores the firings and the alert's new state in one transaction; returns the stored events. */
  recordFires(a: Alert, state: AlertState, status: AlertStatus, events: EventBody[]): AlertEvent[] {
    const now = Date.now();
    this.activeCache = null;
    const tx = this.db.transaction(() => {
      const ins = this.db.prepare(
        'INSERT INTO alert_events (alert_id, symbol, body, seen, created_at) VALUES (?, ?, ?, 0, ?)',
      );
      const ids = events.map((e) =>
        Number(ins.run(a.id, a.def.symbol, JSON.stringify(e), now).lastInsertRowid),
      );
      const last = events[events.length - 1]!;
      this.db
        .prepare(
          `UPDATE alerts SET status = ?, state = ?, fired_count = fired_count + ?, last_fired = ?, updated_at = ?
           WHERE id = ? AND status = 'active'`,
        )
        .run(
          status,
          JSON.stringify(persisted(state)),
          events.length,
          JSON.stringify({ price: last.price, at: last.at }),
          now,
          a.id,
        );
      this.db
        .prepare('DELETE FROM alert_events WHERE id <= (SELECT MAX(id) FROM alert_events) - ?')
        .run(MAX_EVENTS);
      return ids;
    });
    const ids = tx();
    return ids.map((id, i) => ({
      ...events[i]!,
      id,
      alertId: a.id,
      symbol: a.def.symbol,
      seen: false,
      createdAt: now,
    }));
  }

  remove(id: string): boolean {
    this.activeCache = null;
    return this.db.prepare('DELETE FROM alerts WHERE id = ?').run(id).changes === 1;
  }

  /** Firings newer than `since` (an event id), oldest first. */
  eventsSince(since: number, limit = 200): AlertEvent[] {
    return (
      this.db
        .prepare('SELECT * FROM alert_events WHERE id > ? ORDER BY id LIMIT ?')
        .all(since, limit) as EventRow[]
    ).map(eventFromRow);
  }

  unseen(limit = 200): AlertEvent[] {
    return (
      this.db
        .prepare('SELECT * FROM alert_events WHERE seen = 0 ORDER BY id LIMIT ?')
        .all(limit) as EventRow[]
    ).map(eventFromRow);
  }

  lastEventId(): number {
    const r = this.db.prepare('SELECT MAX(id) AS m FROM alert_events').get() as { m: number | null };
    return r.m ?? 0;
  }

  /** Marks the given events (or every event up to `upTo`) as seen; returns how many changed. */
  ack(ids: readonly number[] | undefined, upTo: number | undefined): number {
    if (upTo !== undefined)
      return this.db.prepare('UPDATE alert_events SET seen = 1 WHERE seen = 0 AND id <= ?').run(upTo).changes;
    const st = this.db.prepare('UPDATE alert_events SET seen = 1 WHERE id = ? AND seen = 0');
    let n = 0;
    for (const id of ids ?? []) n += st.run(id).changes;
    return n;
  }

  close(): void {
    this.db.close();
  }
}
