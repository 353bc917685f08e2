// The tables of ledger.sqlite (store.ts): events, list cursors, recorded gaps, the accounts last
// discovered, and the user's costs. Created when missing; a column is never dropped.
export const LEDGER_SCHEMA = `
    CREATE TABLE IF NOT EXISTS events (
      owner TEXT NOT NULL, account_seq INTEGER NOT NULL, event_id TEXT NOT NULL, kind TEXT NOT NULL,
      ts INTEGER NOT NULL, status TEXT NOT NULL, body TEXT NOT NULL, first_seen INTEGER NOT NULL,
      PRIMARY KEY (owner, account_seq, event_id));
    CREATE INDEX IF NOT EXISTS events_ts ON events (owner, account_seq, ts);
    CREATE TABLE IF NOT EXISTS cursors (
      owner TEXT NOT NULL, account_seq INTEGER NOT NULL, list TEXT NOT NULL, part TEXT NOT NULL,
      synced_until INTEGER NOT NULL, oldest_reached INTEGER, first_at INTEGER NOT NULL,
      PRIMARY KEY (owner, account_seq, list, part));
    CREATE TABLE IF NOT EXISTS gaps (
      id INTEGER PRIMARY KEY AUTOINCREMENT, owner TEXT NOT NULL, account_seq INTEGER NOT NULL,
      list TEXT NOT NULL, part TEXT NOT NULL, from_ts INTEGER NOT NULL, to_ts INTEGER NOT NULL,
      reason TEXT NOT NULL, recorded_at INTEGER NOT NULL,
      UNIQUE (owner, account_seq, list, part, from_ts));
    CREATE TABLE IF NOT EXISTS accounts (
      owner TEXT NOT NULL, account_seq INTEGER NOT NULL, profile_id TEXT NOT NULL,
      PRIMARY KEY (owner, account_seq));
    CREATE TABLE IF NOT EXISTS costs (
      owner TEXT NOT NULL, event_id TEXT NOT NULL, cost_krw TEXT NOT NULL, updated_at INTEGER NOT NULL,
      PRIMARY KEY (owner, event_id));`;
