import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openProxyDb } from './sqlite.js';

describe('openProxyDb', () => {
  it('creates a private directory and opens the file in WAL mode with the asked sync level', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'kapi-sqlite-')), 'nested');
    const full = openProxyDb(dir, 'a.sqlite', 'FULL');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(full.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(full.pragma('synchronous', { simple: true })).toBe(2);
    const normal = openProxyDb(dir, 'b.sqlite', 'NORMAL');
    expect(normal.pragma('synchronous', { simple: true })).toBe(1);
    full.close();
    normal.close();
  });
});
