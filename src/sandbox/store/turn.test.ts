import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../testing/client.js';
import { Store } from './db.js';
import { StoreFailedError, TurnTransactions } from './turn.js';

const nextTurn = () => new Promise<void>((r) => setImmediate(r));
const dirs: string[] = [];
const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function open(dir?: string) {
  const d = dir ?? tempDir();
  if (!dir) dirs.push(d);
  const s = new Store(d);
  stores.push(s);
  return { s, d };
}
/** What another connection reads: only what is committed. */
function committedMeta(dir: string, key: string): string | undefined {
  const db = new Database(path.join(dir, 'sandbox.db'), { readonly: true });
  try {
    return (db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)
      ?.value;
  } finally {
    db.close();
  }
}

describe('turn transactions', () => {
  it('the commands of one event-loop turn share one COMMIT, after the turn', async () => {
    const { s, d } = open();
    await nextTurn();
    const c0 = s.commits;
    for (let i = 0; i < 10; i++) s.tx(() => s.setMeta(`k${i}`, String(i)));
    expect(s.getMeta('k9')).toBe('9'); // this process sees its own changes at once
    expect(committedMeta(d, 'k9')).toBeUndefined();
    await nextTurn();
    expect(s.commits - c0).toBe(1);
    expect(committedMeta(d, 'k9')).toBe('9');
  });

  it('a command that throws is undone alone; what it held back for the commit is dropped', async () => {
    const { s, d } = open();
    const sent: string[] = [];
    s.tx(() => {
      s.setMeta('a', '1');
      s.afterCommit(() => sent.push('a'));
    });
    expect(() =>
      s.tx(() => {
        s.setMeta('b', '1');
        s.afterCommit(() => sent.push('b'));
        throw new Error('boom');
      }),
    ).toThrow('boom');
    s.tx(() => s.setMeta('c', '1'));
    expect(sent).toEqual([]); // nothing leaves before the commit
    await nextTurn();
    expect(sent).toEqual(['a']);
    expect([committedMeta(d, 'a'), committedMeta(d, 'b'), committedMeta(d, 'c')]).toEqual([
      '1',
      undefined,
      '1',
    ]);
  });

  it('an fsync, a read answer and close each commit the turn first', async () => {
    const { s, d } = open();
    s.tx(() => s.setMeta('first', '1'));
    await s.durable();
    // an fsync already scheduled when the turn opened: it must still cover the change it is awaited for
    const seen: Array<string | undefined> = [];
    const realFsync = fs.fsync;
    const spy = vi.spyOn(fs, 'fsync').mockImplementation(((fd: number, cb: (e: Error | null) => void) => {
      seen.push(committedMeta(d, 'durable'));
      realFsync(fd, cb);
    }) as typeof fs.fsync);
    try {
      const early = s.durable();
      s.tx(() => s.setMeta('durable', '1'));
      await Promise.all([early, s.durable()]);
    } finally {
      spy.mockRestore();
    }
    expect(seen[0]).toBe('1');
    s.tx(() => s.setMeta('read', '1'));
    s.commitTurn();
    expect(committedMeta(d, 'read')).toBe('1');
    s.tx(() => s.setMeta('closing', '1'));
    stores.pop()!.close();
    expect(committedMeta(d, 'closing')).toBe('1');
    const again = open(d).s;
    expect(again.getMeta('closing')).toBe('1');
  });

  it('a failed COMMIT loses the turn, drops its frames and refuses later writes', async () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    db.exec(`CREATE TABLE p(id INTEGER PRIMARY KEY);
      CREATE TABLE c(id INTEGER PRIMARY KEY, p INTEGER REFERENCES p(id) DEFERRABLE INITIALLY DEFERRED)`);
    const logs: string[] = [];
    let undone = 0;
    const t = new TurnTransactions(
      db,
      () => undone++,
      (l) => logs.push(l),
    );
    const sent: string[] = [];
    t.run(() => db.prepare('INSERT INTO p(id) VALUES (1)').run());
    t.run(() => {
      db.prepare('INSERT INTO c(id, p) VALUES (1, 99)').run(); // violates the key only at COMMIT
      t.afterCommit(() => sent.push('frame'));
    });
    t.commitTurn();
    expect(sent).toEqual([]);
    expect(undone).toBe(1);
    expect(logs.join('\n')).toMatch(/COMMIT failed/);
    expect(db.inTransaction).toBe(false);
    expect(db.prepare('SELECT count(*) AS n FROM p').get()).toEqual({ n: 0 });
    expect(() => t.run(() => 1)).toThrow(StoreFailedError);
    db.close();
  });
});

describe('a failed COMMIT behind the HTTP API', () => {
  it('the order in the failed turn is answered 503 SERVICE_UNAVAILABLE, later writes too, and nothing is kept', async () => {
    const { startSandbox } = await import('../testing/client.js');
    const env = await startSandbox({ rateLimitScale: 1000 });
    try {
      const store = env.sb.internals.store;
      store.commitTurn(); // the demo account and its funds, provisioned at start
      const turns = (store as unknown as { turns: { st: { commit: { run: () => void } } } }).turns;
      turns.st.commit = {
        run: () => {
          throw new Error('disk I/O error');
        },
      };
      const order = {
        symbol: 'btc_krw',
        side: 'buy',
        orderType: 'limit',
        price: '100000000',
        qty: '0.0001',
        clientOrderId: 'lost-1',
      };
      const r = await env.hmac.call('POST', '/v2/orders', order);
      expect(r.status, JSON.stringify(r.body)).toBe(503);
      expect(r.body.error?.message).toBe('SERVICE_UNAVAILABLE');
      expect(store.failed).toBe(true);
      const again = await env.hmac.call('POST', '/v2/orders', { ...order, clientOrderId: 'lost-2' });
      expect(again.status).toBe(503);
      const rows = store.db
        .prepare("SELECT count(*) AS n FROM orders WHERE client_order_id LIKE 'lost-%'")
        .get();
      expect(rows).toEqual({ n: 0 });
    } finally {
      await env.sb.close().catch(() => {});
      fs.rmSync(env.dir, { recursive: true, force: true });
    }
  });
});

describe('a commit asked for inside a command', () => {
  it('waits for the command: its savepoint stays whole and it can still be undone', async () => {
    const { s, d } = open();
    expect(() =>
      s.tx(() => {
        s.setMeta('inner', '1');
        s.commitTurn(); // e.g. a WebSocket frame sent by a listener while the command runs
        throw new Error('late failure');
      }),
    ).toThrow('late failure');
    s.tx(() => {
      s.setMeta('next', '1');
      s.commitTurn();
      s.setMeta('after', '1');
    });
    s.commitTurn();
    expect([committedMeta(d, 'inner'), committedMeta(d, 'next'), committedMeta(d, 'after')]).toEqual([
      undefined,
      '1',
      '1',
    ]);
  });
});
