/**
 * SQLite store (better-sqlite3, WAL). Commands' transactions are grouped per event-loop turn (turn.ts):
 * each command is a savepoint of the turn's one transaction. Commits do not sync on their own (synchronous=NORMAL: they
 * already survive kill -9, the data being in the OS page cache); durability against power loss
 * is group commit: a request that changed state awaits durable() before it is answered, and one
 * fsync of the WAL serves every request committed meanwhile (walSync.ts). A timer syncs what no
 * request waited for (the market simulation) at least every SYNC_EVERY_MS.
 * Money columns are TEXT (decimal strings or bigint units); small JSON blobs keep record shapes.
 * Every index on orders costs each placement a leaf page of the commit's WAL write, and one keyed by
 * account a different page per account: the client-order-id index is partial (only orders that have
 * one), so most orders skip it (a placement's index upkeep 21-24 -> 14 µs at 6 orders per commit).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { TurnTransactions } from './turn.js';
import { WalSync } from './walSync.js';

const SYNC_EVERY_MS = 500;
/**
 * Ids a counter reserves at a time: the counter row holds the highest id reserved, written once per
 * block inside the transaction that needs it, so issuing an id is a memory increment (it was one
 * UPDATE per order, trade and record). After a restart or a rolled-back transaction a counter starts
 * past its stored reservation: ids stay unique and increasing, with gaps, as the live exchange's are.
 */
const ID_BLOCK = 256;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS counters(name TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS users(id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, is_bot INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'active', created_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS accounts(user_id INTEGER NOT NULL, seq INTEGER NOT NULL, name TEXT NOT NULL,
  created_at INTEGER NOT NULL, PRIMARY KEY(user_id, seq));
CREATE TABLE IF NOT EXISTS api_keys(api_key TEXT PRIMARY KEY, user_id INTEGER NOT NULL, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS balances(user_id INTEGER NOT NULL, seq INTEGER NOT NULL, currency TEXT NOT NULL,
  available TEXT NOT NULL, trade TEXT NOT NULL, withdrawal TEXT NOT NULL, avg_price TEXT NOT NULL,
  updated_at INTEGER NOT NULL, PRIMARY KEY(user_id, seq, currency));
CREATE TABLE IF NOT EXISTS flows(currency TEXT NOT NULL, kind TEXT NOT NULL, units TEXT NOT NULL,
  PRIMARY KEY(currency, kind));
CREATE TABLE IF NOT EXISTS markets(symbol TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS orders(order_id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, seq INTEGER NOT NULL,
  symbol TEXT NOT NULL, client_order_id TEXT, status TEXT NOT NULL, created_at INTEGER NOT NULL,
  closed_at INTEGER, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS orders_status ON orders(status, symbol);
CREATE INDEX IF NOT EXISTS orders_user ON orders(user_id, seq, symbol, created_at);
DROP INDEX IF EXISTS orders_coid;
CREATE INDEX IF NOT EXISTS orders_client_id ON orders(user_id, seq, client_order_id) WHERE client_order_id IS NOT NULL;
CREATE TABLE IF NOT EXISTS trades(symbol TEXT NOT NULL, trade_id INTEGER NOT NULL, ts INTEGER NOT NULL,
  price TEXT NOT NULL, qty TEXT NOT NULL, buyer_taker INTEGER NOT NULL, PRIMARY KEY(symbol, trade_id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS my_trades(id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL,
  seq INTEGER NOT NULL, symbol TEXT NOT NULL, ts INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS my_trades_user ON my_trades(user_id, seq, symbol, ts);
CREATE TABLE IF NOT EXISTS prevented(id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, seq INTEGER NOT NULL,
  symbol TEXT NOT NULL, ts INTEGER NOT NULL, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS candles(symbol TEXT NOT NULL, ts INTEGER NOT NULL, o INTEGER NOT NULL,
  h INTEGER NOT NULL, l INTEGER NOT NULL, c INTEGER NOT NULL, v INTEGER NOT NULL, qv TEXT NOT NULL,
  PRIMARY KEY(symbol, ts)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS records(kind TEXT NOT NULL, id INTEGER NOT NULL, user_id INTEGER NOT NULL,
  seq INTEGER NOT NULL, created_at INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY(kind, id));
CREATE INDEX IF NOT EXISTS records_user ON records(kind, user_id, created_at);
`;

/**
 * Creates the data directory 0700 (it holds key secrets), and tightens an existing one the current user
 * owns; a shared directory given by mistake (/, the home or temp root) is never chmod-ed.
 */
export function protectDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const abs = path.resolve(dataDir);
  if (abs === path.parse(abs).root || abs === path.resolve(os.homedir()) || abs === path.resolve(os.tmpdir()))
    return;
  const st = fs.statSync(abs);
  if (typeof process.getuid === 'function' && st.uid !== process.getuid()) return;
  if ((st.mode & 0o077) !== 0) fs.chmodSync(abs, 0o700);
}

export class Store {
  readonly db: Database.Database;
  private readonly counterNext: Database.Statement;
  private readonly meta: Record<'get' | 'set', Database.Statement>;
  private readonly wal: WalSync;
  private readonly turns: TurnTransactions;
  private readonly syncTimer: NodeJS.Timeout;
  /** Per counter: the next id to hand out and the last one reserved in the database. */
  private readonly idBlocks = new Map<string, { next: number; last: number }>();

  constructor(
    readonly dataDir: string,
    log: (line: string) => void = () => {},
  ) {
    protectDataDir(dataDir);
    const file = path.join(dataDir, 'sandbox.db');
    // The database holds HMAC secrets: created 0600 before SQLite opens it, and kept so.
    fs.closeSync(fs.openSync(file, 'a', 0o600));
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    for (const f of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(f)) fs.chmodSync(f, 0o600);
    this.db.pragma('synchronous = NORMAL');
    // A checkpoint runs inside the commit that crosses the limit, on the event loop, and syncs the WAL
    // and the database file: 10,000 pages (~40 MB of WAL) between them instead of 1,000 makes those
    // stalls ten times rarer, and each copies a page once however often it was rewritten meanwhile.
    this.db.pragma('wal_autocheckpoint = 10000');
    this.db.pragma('busy_timeout = 2000');
    this.turns = new TurnTransactions(this.db, () => this.forgetIds(), log);
    // an fsync covers what is committed: the turn's transaction commits before one starts
    this.wal = new WalSync(`${file}-wal`, log, () => this.turns.commitTurn());
    this.syncTimer = setInterval(() => void this.wal.durable(), SYNC_EVERY_MS);
    this.syncTimer.unref();
    this.db.exec(SCHEMA);
    // one statement per block of ids (see ID_BLOCK)
    this.counterNext = this.db.prepare(
      'INSERT INTO counters(name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = value + excluded.value RETURNING value',
    );
    this.meta = {
      get: this.db.prepare('SELECT value FROM meta WHERE key = ?'),
      set: this.db.prepare(
        'INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      ),
    };
  }

  /** Resolves once everything committed so far is on disk (group commit, see walSync.ts). */
  durable(): Promise<void> {
    return this.wal.durable();
  }

  /** fsyncs of the WAL so far. */
  get syncs(): number {
    return this.wal.syncs;
  }

  /** Next value of a named counter (its reservation persisted in the current transaction). */
  nextId(name: string): number {
    let b = this.idBlocks.get(name);
    if (b === undefined || b.next > b.last) {
      const last = (this.counterNext.get(name, ID_BLOCK) as { value: number }).value;
      b = { next: last - ID_BLOCK + 1, last };
      this.idBlocks.set(name, b);
    }
    return b.next++;
  }

  getMeta(key: string): string | undefined {
    const row = this.meta.get.get(key) as { value: string } | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.meta.set.run(key, value);
  }

  /**
   * Runs fn as one command: a savepoint of the turn's transaction (turn.ts), committed with the turn.
   * Every write goes through here, so a reservation undone is never trusted from memory (forgetIds).
   */
  tx<T>(fn: () => T): T {
    return this.turns.run(fn);
  }

  /** Commits the turn's changes now (before answering anything that may have read them). */
  commitTurn(): void {
    this.turns.commitTurn();
  }

  /** Runs fn once the turn's changes are committed (at once when none are pending). */
  afterCommit(fn: () => void): void {
    this.turns.afterCommit(fn);
  }

  /** Whether a COMMIT failed (turn.ts): writes are refused until a restart. */
  get failed(): boolean {
    return this.turns.failedCommit;
  }

  /** Turns committed so far (each one COMMIT for every command of an event-loop turn). */
  get commits(): number {
    return this.turns.commits;
  }

  /** Drops the in-memory id reservations (after a rollback): the next id reserves a fresh block. */
  forgetIds(): void {
    this.idBlocks.clear();
  }

  close(): void {
    if (this.db.open) this.turns.commitTurn();
    clearInterval(this.syncTimer);
    this.wal.close();
    if (this.db.open) this.db.close();
  }
}
