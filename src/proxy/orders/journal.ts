import type Database from 'better-sqlite3';
import type { JournalState } from '../../core/orderFate.js';
import { openProxyDb } from '../sqlite.js';

/** An intent's state: the same names the browser reads from GET /api/journal. */
export type IntentState = JournalState;

export interface Intent {
  clientOrderId: string;
  profileId: string;
  accountSeq: number | null;
  symbol: string;
  params: [string, string][]; // unsigned request params (no secret, no signature)
  state: IntentState;
  orderId?: number | string;
  error?: string;
  attempts: number;
  createdAt: number;
  updatedAt: number;
}

interface Row {
  client_order_id: string;
  profile_id: string;
  account_seq: number | null;
  symbol: string;
  params: string;
  state: IntentState;
  order_id: string | null;
  error: string | null;
  attempts: number;
  created_at: number;
  updated_at: number;
}

function fromRow(r: Row): Intent {
  return {
    clientOrderId: r.client_order_id,
    profileId: r.profile_id,
    accountSeq: r.account_seq,
    symbol: r.symbol,
    params: JSON.parse(r.params) as [string, string][],
    state: r.state,
    ...(r.order_id !== null ? { orderId: JSON.parse(r.order_id) as number | string } : {}),
    ...(r.error !== null ? { error: r.error } : {}),
    attempts: r.attempts,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/**
 * Order-intent journal in `<configDir>/journal.sqlite` (WAL). One durable write per intent: the
 * intent is inserted already marked sent, in a commit that is synced to disk (synchronous=FULL for
 * that one statement) before the order leaves. Later transitions (placed, failed, unknown, resends)
 * are ordinary WAL commits without their own sync: a crash can only lose such a transition, which
 * leaves the intent `sent`, and reconciliation then looks the order up by its clientOrderId, the
 * same answer the lost write recorded. Statements are prepared once.
 */
export class Journal {
  private readonly db: Database.Database;
  private readonly st: Record<
    'insert' | 'get' | 'markSent' | 'markPlaced' | 'mark' | 'unresolved' | 'recent',
    Database.Statement
  >;

  constructor(configDir: string) {
    // NORMAL by default: the one write per intent that must be durable switches to FULL around itself
    this.db = openProxyDb(configDir, 'journal.sqlite', 'NORMAL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS intents (
      client_order_id TEXT PRIMARY KEY,
      profile_id TEXT NOT NULL,
      account_seq INTEGER,
      symbol TEXT NOT NULL,
      params TEXT NOT NULL,
      state TEXT NOT NULL,
      order_id TEXT,
      error TEXT,
      attempts INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS intents_state ON intents(state);
    CREATE INDEX IF NOT EXISTS intents_created ON intents(created_at);`);
    this.st = {
      insert: this.db.prepare(
        `INSERT OR IGNORE INTO intents (client_order_id, profile_id, account_seq, symbol, params, state, attempts, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      get: this.db.prepare('SELECT * FROM intents WHERE client_order_id = ?'),
      markSent: this.db.prepare(
        `UPDATE intents SET state = 'sent', attempts = attempts + 1, updated_at = ? WHERE client_order_id = ?`,
      ),
      markPlaced: this.db.prepare(
        `UPDATE intents SET state = 'placed', order_id = ?, error = NULL, updated_at = ? WHERE client_order_id = ?`,
      ),
      mark: this.db.prepare(
        'UPDATE intents SET state = ?, error = ?, updated_at = ? WHERE client_order_id = ?',
      ),
      unresolved: this.db.prepare(
        `SELECT * FROM intents WHERE state IN ('pending', 'sent', 'unknown') AND updated_at <= ? ORDER BY created_at`,
      ),
      recent: this.db.prepare('SELECT * FROM intents ORDER BY created_at DESC, rowid DESC LIMIT ?'),
    };
  }

  private durably<T>(fn: () => T): T {
    this.db.pragma('synchronous = FULL');
    try {
      return fn();
    } finally {
      this.db.pragma('synchronous = NORMAL');
    }
  }

  private add(
    i: Pick<Intent, 'clientOrderId' | 'profileId' | 'accountSeq' | 'symbol' | 'params'>,
    state: 'pending' | 'sent',
  ): boolean {
    const now = Date.now();
    const r = this.durably(() =>
      this.st.insert.run(
        i.clientOrderId,
        i.profileId,
        i.accountSeq,
        i.symbol,
        JSON.stringify(i.params),
        state,
        state === 'sent' ? 1 : 0,
        now,
        now,
      ),
    );
    return r.changes === 1;
  }

  /** Inserts a new pending intent (synced); false when the clientOrderId is already journaled. */
  insert(i: Pick<Intent, 'clientOrderId' | 'profileId' | 'accountSeq' | 'symbol' | 'params'>): boolean {
    return this.add(i, 'pending');
  }

  /**
   * The one durable write of an intent about to be sent: inserted as `sent` (first attempt) and
   * synced. False when the clientOrderId is already journaled.
   */
  openSent(i: Pick<Intent, 'clientOrderId' | 'profileId' | 'accountSeq' | 'symbol' | 'params'>): boolean {
    return this.add(i, 'sent');
  }

  get(clientOrderId: string): Intent | undefined {
    const r = this.st.get.get(clientOrderId) as Row | undefined;
    return r ? fromRow(r) : undefined;
  }

  markSent(clientOrderId: string): void {
    this.st.markSent.run(Date.now(), clientOrderId);
  }

  markPlaced(clientOrderId: string, orderId: number | string): void {
    this.st.markPlaced.run(JSON.stringify(orderId), Date.now(), clientOrderId);
  }

  mark(clientOrderId: string, state: 'failed' | 'unknown' | 'pending', error?: string): void {
    this.st.mark.run(state, error ?? null, Date.now(), clientOrderId);
  }

  /** Intents without a definite state, last touched at least `idleMs` ago. */
  unresolved(idleMs = 0): Intent[] {
    return (this.st.unresolved.all(Date.now() - idleMs) as Row[]).map(fromRow);
  }

  recent(limit = 100): Intent[] {
    const n = Math.max(1, Math.min(1000, Math.floor(limit) || 100));
    return (this.st.recent.all(n) as Row[]).map(fromRow);
  }

  close(): void {
    this.db.close();
  }
}
