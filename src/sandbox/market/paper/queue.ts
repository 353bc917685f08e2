/**
 * The queue ahead of each resting paper order (source volume at its price that must trade before
 * it fills; rules.ts), kept in the sandbox's SQLite store so a restart resumes it.
 */
import type Database from 'better-sqlite3';

export class QueueAhead {
  private readonly map = new Map<number, number>();
  private readonly put;
  private readonly del;

  constructor(db: Database.Database) {
    db.exec('CREATE TABLE IF NOT EXISTS paper_queue (order_id INTEGER PRIMARY KEY, ahead INTEGER NOT NULL)');
    for (const r of db.prepare('SELECT order_id, ahead FROM paper_queue').all() as Array<{
      order_id: number;
      ahead: number;
    }>)
      this.map.set(r.order_id, r.ahead);
    this.put = db.prepare(
      'INSERT INTO paper_queue(order_id, ahead) VALUES (?, ?) ON CONFLICT(order_id) DO UPDATE SET ahead = excluded.ahead',
    );
    this.del = db.prepare('DELETE FROM paper_queue WHERE order_id = ?');
  }

  get(orderId: number): number {
    return this.map.get(orderId) ?? 0;
  }

  has(orderId: number): boolean {
    return this.map.has(orderId);
  }

  set(orderId: number, ahead: number): void {
    if (this.map.get(orderId) === ahead) return;
    this.map.set(orderId, ahead);
    this.put.run(orderId, ahead);
  }

  delete(orderId: number): void {
    if (!this.map.delete(orderId)) return;
    this.del.run(orderId);
  }
}
