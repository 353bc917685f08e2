import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from './db.js';

const dirs: string[] = [];
function dir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'kapi-ids-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const stored = (s: Store, name: string) =>
  (s.db.prepare('SELECT value FROM counters WHERE name = ?').get(name) as { value: number } | undefined)
    ?.value;

describe('Store.nextId', () => {
  it('hands out 1, 2, 3... per counter and writes the counter once per block', () => {
    const s = new Store(dir());
    const ids = s.tx(() => Array.from({ length: 300 }, () => s.nextId('order')));
    expect(ids).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(s.tx(() => s.nextId('trade:btc_krw'))).toBe(1);
    // two blocks reserved for 300 ids
    expect(stored(s, 'order')).toBe(512);
    s.close();
  });

  it('never repeats an id after a restart, even one issued just before it', () => {
    const d = dir();
    const a = new Store(d);
    const before = a.tx(() => [a.nextId('order'), a.nextId('order')]);
    a.close();
    const b = new Store(d);
    const after = b.tx(() => b.nextId('order'));
    expect(after).toBeGreaterThan(Math.max(...before));
    b.close();
  });

  it('a rolled-back reservation is not trusted: ids issued after it survive a restart unrepeated', () => {
    const d = dir();
    const a = new Store(d);
    expect(() =>
      a.tx(() => {
        a.nextId('order');
        throw new Error('boom');
      }),
    ).toThrow('boom');
    // the block's reservation was rolled back with the transaction
    expect(stored(a, 'order')).toBeUndefined();
    const committed = a.tx(() => a.nextId('order'));
    a.close();
    const b = new Store(d);
    expect(b.tx(() => b.nextId('order'))).toBeGreaterThan(committed);
    b.close();
  });
});
