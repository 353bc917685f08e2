import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/harness.js';
import { ConditionalStore } from './store.js';

const def = {
  kind: 'stop' as const,
  symbol: 'btc_krw',
  onGap: 'fire' as const,
  legs: [
    {
      kind: 'trigger' as const,
      trigger: { type: 'cross' as const, direction: 'down' as const, level: '100' },
      order: { side: 'sell' as const, orderType: 'market' as const, qty: '1' },
    },
  ],
};
const rt = { watch: { afterTradeId: 5, trail: [] }, legs: def.legs };

describe('conditional store', () => {
  it('of a trigger and a cancel racing on the same order, exactly one transition wins', () => {
    const s = new ConditionalStore(tempDir());
    s.insert({ id: 'a1', profileId: 'p', accountSeq: null, def, status: 'armed', rt });
    const fired = s.transition('a1', 'armed', 'triggered', { ...rt, clientOrderId: 'kc-a1-t0' });
    const canceled = s.transition('a1', ['arming', 'armed', 'entryOpen'], 'canceled', rt);
    expect([fired, canceled]).toEqual([true, false]);
    expect(s.get('a1')?.status).toBe('triggered');
    expect(s.transition('a1', 'armed', 'triggered', rt)).toBe(false); // a second firing never happens
    s.close();
  });

  it('keeps definitions and progress across a reopen (what a restart sees)', () => {
    const dir = tempDir();
    const a = new ConditionalStore(dir);
    a.insert({ id: 'b1', profileId: 'p', accountSeq: 2, def, status: 'armed', rt });
    a.saveRuntime('b1', 'armed', { ...rt, watch: { afterTradeId: 9, trail: [] } });
    a.insert({ id: 'b2', profileId: 'p', accountSeq: null, def, status: 'armed', rt });
    a.transition('b2', 'armed', 'placed', { ...rt, orderId: 77 });
    a.close();
    const b = new ConditionalStore(dir);
    expect(b.live().map((c) => [c.id, c.accountSeq, c.rt.watch.afterTradeId])).toEqual([['b1', 2, 9]]);
    expect(b.get('b2')).toMatchObject({ status: 'placed', rt: { orderId: 77 } });
    expect(
      b
        .recent(10)
        .map((c) => c.id)
        .sort(),
    ).toEqual(['b1', 'b2']);
    b.close();
  });

  it('amends a level only while still armed', () => {
    const s = new ConditionalStore(tempDir());
    s.insert({ id: 'c1', profileId: 'p', accountSeq: null, def, status: 'armed', rt });
    expect(s.amend('c1', 'armed', { ...def, symbol: 'btc_krw' }, rt)).toBe(true);
    s.transition('c1', 'armed', 'canceled', rt);
    expect(s.amend('c1', 'armed', def, rt)).toBe(false);
    s.close();
  });

  it('serves the live set from memory between writes and re-reads it after each write', () => {
    const s = new ConditionalStore(tempDir());
    s.insert({ id: 'd1', profileId: 'p', accountSeq: null, def, status: 'armed', rt });
    const first = s.live();
    expect(s.live()).toBe(first); // no write: the same copy, no disk read
    expect(Object.isFrozen(first[0]?.rt.watch)).toBe(true);
    s.saveRuntime('d1', 'armed', { ...rt, watch: { afterTradeId: 12, trail: [] } });
    expect(s.live()).not.toBe(first);
    expect(s.live()[0]?.rt.watch.afterTradeId).toBe(12);
    s.transition('d1', 'armed', 'canceled', rt);
    expect(s.live()).toEqual([]);
    s.insert({ id: 'd2', profileId: 'p', accountSeq: null, def, status: 'armed', rt });
    expect(s.live().map((c) => c.id)).toEqual(['d2']);
    s.close();
  });
});
