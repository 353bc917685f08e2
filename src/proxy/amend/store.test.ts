import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Amendment, AmendStore } from './store.js';

const dirs: string[] = [];
const dir = () => {
  const d = mkdtempSync(join(tmpdir(), 'kapi-amend-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const base = (id: string, state: Amendment['state'], at: number): Amendment => ({
  id,
  profileId: 'p1',
  accountSeq: null,
  symbol: 'btc_krw',
  orderId: '7',
  state,
  createdAt: at,
  updatedAt: at,
});

describe('AmendStore', () => {
  it('keeps every step on disk; a restart reports the half-done ones as interrupted', () => {
    const d = dir();
    const a = new AmendStore(d);
    a.save(base('done', 'done', 1));
    a.save(base('mid', 'confirming', 2));
    a.save({ ...base('placing', 'placing', 3), newClientOrderId: 'c-1' });
    a.close();

    const b = new AmendStore(d);
    expect(b.markInterrupted()).toBe(2);
    const byId = new Map(b.recent().map((x) => [x.id, x]));
    expect(byId.get('done')?.state).toBe('done');
    expect(byId.get('mid')).toMatchObject({ state: 'interrupted', outcome: 'interrupted' });
    // The replacement handed to the order journal keeps its link for the user to check.
    expect(byId.get('placing')).toMatchObject({ state: 'interrupted', newClientOrderId: 'c-1' });
    expect(b.recent().map((x) => x.id)).toEqual(['placing', 'mid', 'done']);
    expect(b.markInterrupted()).toBe(0);
    b.close();
  });
});
