/** Generic JSON record table (funding records, transfers, addresses). */
import type { Store } from '../store/db.js';

export type RecordKind =
  | 'depositAddress'
  | 'withdrawableAddress'
  | 'coinDeposit'
  | 'coinWithdrawal'
  | 'krwDeposit'
  | 'krwWithdrawal'
  | 'transfer';

export interface StoredRecord {
  id: number;
  userId: number;
  accountSeq: number;
  createdAt: number;
}

export class Records {
  constructor(private readonly store: Store) {}

  save<T extends StoredRecord>(kind: RecordKind, r: T): void {
    this.store.db
      .prepare(
        `INSERT INTO records(kind, id, user_id, seq, created_at, data) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(kind, id) DO UPDATE SET data = excluded.data`,
      )
      .run(kind, r.id, r.userId, r.accountSeq, r.createdAt, JSON.stringify(r));
  }

  get<T extends StoredRecord>(kind: RecordKind, id: number): T | undefined {
    const row = this.store.db.prepare('SELECT data FROM records WHERE kind = ? AND id = ?').get(kind, id) as
      | { data: string }
      | undefined;
    return row ? (JSON.parse(row.data) as T) : undefined;
  }

  /** Newest first. */
  list<T extends StoredRecord>(kind: RecordKind, userId: number): T[] {
    return (
      this.store.db
        .prepare('SELECT data FROM records WHERE kind = ? AND user_id = ? ORDER BY created_at DESC, id DESC')
        .all(kind, userId) as Array<{ data: string }>
    ).map((r) => JSON.parse(r.data) as T);
  }

  all<T extends StoredRecord>(kind: RecordKind): T[] {
    return (
      this.store.db.prepare('SELECT data FROM records WHERE kind = ? ORDER BY id').all(kind) as Array<{
        data: string;
      }>
    ).map((r) => JSON.parse(r.data) as T);
  }

  nextId(kind: RecordKind): number {
    return this.store.nextId(`record:${kind}`);
  }
}
