import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { UPSERT_ORDER_SQL, upsertOrderArgs } from '../exchange/orderQueries.js';
import { Store } from './db.js';

const dirs: string[] = [];
function dir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'kapi-schema-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const row = (orderId: number, clientOrderId: string | null) =>
  upsertOrderArgs({
    orderId,
    userId: 1,
    accountSeq: 1,
    symbol: 'btc_krw',
    clientOrderId,
    status: 'open',
    createdAt: orderId,
    closedAt: null,
    data: '{}',
  });

describe('orders indexes', () => {
  it('keeps only orders with a client order id in the client-id index, and looks them up through it', () => {
    const s = new Store(dir());
    const up = s.db.prepare(UPSERT_ORDER_SQL);
    s.tx(() => {
      for (let i = 1; i <= 50; i++) up.run(...row(i, i % 10 === 0 ? `c-${i}` : null));
    });
    // the partial index's own rows: 5 of 50 orders carry a client order id
    const inIndex = s.db
      .prepare(
        'SELECT count(*) AS n FROM orders INDEXED BY orders_client_id WHERE client_order_id IS NOT NULL',
      )
      .get() as { n: number };
    expect(inIndex.n).toBe(5);
    const sql = s.db
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'orders_client_id'")
      .get() as { sql: string };
    expect(sql.sql).toMatch(/WHERE client_order_id IS NOT NULL/);
    for (const q of [
      'SELECT data FROM orders WHERE user_id = ? AND seq = ? AND client_order_id = ? ORDER BY order_id DESC',
      'SELECT status, closed_at FROM orders WHERE user_id = ? AND seq = ? AND client_order_id = ?',
    ]) {
      const plan = s.db.prepare(`EXPLAIN QUERY PLAN ${q}`).all(1, 1, 'c-10') as Array<{ detail: string }>;
      expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING INDEX orders_client_id/);
    }
    s.close();
  });

  it('drops the full client-id index of a database made by an earlier version', () => {
    const d = dir();
    const old = new Database(path.join(d, 'sandbox.db'));
    old.exec(`CREATE TABLE orders(order_id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, seq INTEGER NOT NULL,
      symbol TEXT NOT NULL, client_order_id TEXT, status TEXT NOT NULL, created_at INTEGER NOT NULL,
      closed_at INTEGER, data TEXT NOT NULL);
      CREATE INDEX orders_coid ON orders(user_id, seq, client_order_id);`);
    old.close();
    const s = new Store(d);
    const names = (
      s.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all() as Array<{
        name: string;
      }>
    ).map((r) => r.name);
    expect(names).not.toContain('orders_coid');
    expect(names).toContain('orders_client_id');
    s.close();
  });
});
