// Amendments in `<configDir>/amend.sqlite` (WAL, synchronous=FULL): each step is on disk before the next
// request goes out, so after a crash the record says how far it got. The replacement order itself is an
// intent of the order journal (journal.sqlite), linked here by its clientOrderId.
import type Database from 'better-sqlite3';
import { openProxyDb } from '../sqlite.js';

export type AmendState = 'canceling' | 'confirming' | 'placing' | 'done' | 'failed' | 'interrupted';
export type AmendOutcome =
  | 'amended'
  | 'filled'
  | 'cancel-failed'
  | 'unconfirmed'
  | 'replace-failed'
  | 'interrupted';

export interface Amendment {
  id: string;
  profileId: string;
  accountSeq: number | null;
  symbol: string;
  orderId: string;
  side?: string;
  from?: { price: string; remaining: string };
  to?: { price: string; qty: string };
  state: AmendState;
  outcome?: AmendOutcome;
  filledBetween?: string;
  newClientOrderId?: string;
  newOrderId?: number | string;
  error?: { code: string; message: string };
  createdAt: number;
  updatedAt: number;
}

interface Row {
  id: string;
  doc: string;
  state: AmendState;
  created_at: number;
  updated_at: number;
}

export class AmendStore {
  private readonly db: Database.Database;

  constructor(configDir: string) {
    this.db = openProxyDb(configDir, 'amend.sqlite', 'FULL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS amendments (
      id TEXT PRIMARY KEY,
      doc TEXT NOT NULL,
      state TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS amendments_created ON amendments(created_at);`);
  }

  save(a: Amendment): Amendment {
    const next = { ...a, updatedAt: Date.now() };
    this.db
      .prepare(
        `INSERT INTO amendments (id, doc, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET doc = excluded.doc, state = excluded.state, updated_at = excluded.updated_at`,
      )
      .run(next.id, JSON.stringify(next), next.state, next.createdAt, next.updatedAt);
    return next;
  }

  recent(limit = 50): Amendment[] {
    const n = Math.max(1, Math.min(500, Math.floor(limit) || 50));
    const rows = this.db
      .prepare('SELECT * FROM amendments ORDER BY created_at DESC, rowid DESC LIMIT ?')
      .all(n) as Row[];
    return rows.map((r) => JSON.parse(r.doc) as Amendment);
  }

  /**
   * At start: an amendment a previous run left between its cancel and its replacement is told as
   * interrupted (the user decides; a replacement already handed to the order journal is settled there).
   */
  markInterrupted(): number {
    const rows = this.db
      .prepare(`SELECT * FROM amendments WHERE state IN ('canceling', 'confirming', 'placing')`)
      .all() as Row[];
    for (const r of rows) {
      const a = JSON.parse(r.doc) as Amendment;
      this.save({
        ...a,
        state: 'interrupted',
        outcome: 'interrupted',
        error: { code: 'AMEND_INTERRUPTED', message: 'The proxy stopped during this amendment.' },
      });
    }
    return rows.length;
  }

  close(): void {
    this.db.close();
  }
}
