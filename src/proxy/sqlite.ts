import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * Opens (creating if needed) `<configDir>/<file>` the way every proxy store does: the directory is
 * private to the user (0700), the database is in WAL mode, and `synchronous` is FULL for stores whose
 * every write must be on disk before it is acknowledged, NORMAL where a lost last write is harmless.
 */
export function openProxyDb(
  configDir: string,
  file: string,
  synchronous: 'FULL' | 'NORMAL',
): Database.Database {
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  const db = new Database(join(configDir, file));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  return db;
}
