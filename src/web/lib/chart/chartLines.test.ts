import { describe, expect, it } from 'vitest';
import { chartLines } from './chartLines.js';

describe('chartLines', () => {
  it('each owner replaces its own list; clear removes only that owner', () => {
    let calls = 0;
    const off = chartLines.subscribe(() => calls++);
    chartLines.set('a', [{ id: '1', symbol: 'btc_krw', price: '100' }]);
    chartLines.set('b', [{ id: '1', symbol: 'eth_krw', price: '5' }]);
    chartLines.set('a', [
      { id: '2', symbol: 'btc_krw', price: '101' },
      { id: '3', symbol: 'btc_krw', price: '102' },
    ]);
    expect(chartLines.getAll().map((l) => `${l.owner}:${l.id}`)).toEqual(['a:2', 'a:3', 'b:1']);
    const snapshot = chartLines.getAll();
    expect(chartLines.getAll()).toBe(snapshot); // stable between changes (useSyncExternalStore)
    chartLines.clear('a');
    expect(chartLines.getAll().map((l) => `${l.owner}:${l.id}`)).toEqual(['b:1']);
    chartLines.set('b', []);
    expect(chartLines.getAll()).toEqual([]);
    expect(calls).toBe(5);
    off();
    chartLines.set('c', [{ id: 'x', symbol: 'btc_krw', price: '1' }]);
    expect(calls).toBe(5);
    chartLines.clear('c');
  });
});
