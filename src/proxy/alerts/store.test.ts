import { describe, expect, it } from 'vitest';
import { initialState } from '../../core/alerts/evaluate.js';
import type { AlertDef } from '../../core/alerts/types.js';
import { tempDir } from '../testing/harness.js';
import { AlertStore } from './store.js';

const def: AlertDef = {
  symbol: 'btc_krw',
  condition: { type: 'above', level: '100' },
  repeat: false,
  cooldownSec: 60,
};

describe('alert store', () => {
  it('serves the active set from memory between writes; a saved cursor is what a re-read gives', () => {
    const dir = tempDir();
    const s = new AlertStore(dir);
    s.insert('a1', def, initialState(1000, 5));
    const first = s.active();
    expect(s.active()).toBe(first); // no write: the same copy
    expect(Object.isFrozen(first[0]?.state)).toBe(true);
    s.saveState('a1', { ...initialState(1000, 9), lows: [{ tradeId: 9, t: 1, p: '1' }] });
    const saved = s.active();
    expect(saved).not.toBe(first);
    const reread = new AlertStore(dir).active();
    expect(saved).toEqual(reread); // the window (lows/highs) is never stored, in memory or on disk
    expect(saved[0]?.state.afterTradeId).toBe(9);
    s.recordFires(saved[0]!, initialState(1000, 10), 'triggered', [
      { condition: def.condition, price: '101', tradeId: 10, at: 2000 },
    ]);
    expect(s.active()).toEqual([]);
    s.insert('a2', def, initialState(1000));
    expect(s.active().map((a) => a.id)).toEqual(['a2']);
    expect(s.remove('a2')).toBe(true);
    expect(s.active()).toEqual([]);
    s.close();
  });
});
