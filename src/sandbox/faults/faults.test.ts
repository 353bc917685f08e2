import { describe, expect, it } from 'vitest';
import { FaultInjector, parseFaultConfig } from './index.js';

describe('FaultInjector', () => {
  it('is off by default', async () => {
    const f = new FaultInjector();
    for (let i = 0; i < 50; i++) expect(await f.beforeRequest('order')).toBeNull();
    expect(f.afterCommit('order')).toBeNull();
    expect(f.clockSkewMs()).toBe(0);
    expect(f.wsFrameFault('public')).toBeNull();
    expect(f.state().total).toBe(0);
  });

  it('one-shot after-commit faults fire exactly count times and are counted', () => {
    const lines: string[] = [];
    const f = new FaultInjector({ log: (l) => lines.push(l) });
    expect(f.configure({ classes: { order: { afterCommit: { count: 2, mode: 'drop' } } } }).ok).toBe(true);
    expect(f.afterCommit('cancel')).toBeNull();
    expect(f.afterCommit('order')).toBe('drop');
    expect(f.afterCommit('order')).toBe('drop');
    expect(f.afterCommit('order')).toBeNull();
    expect(f.count('afterCommitDrop')).toBe(2);
    expect(f.count('afterCommitDrop', 'order')).toBe(2);
    expect(lines.filter((l) => l.startsWith('fault injected')).length).toBe(2);
    f.configure({ classes: { '*': { afterCommit: { count: 1, status: 503 } } } });
    expect(f.afterCommit('funding')).toEqual({ status: 503 });
  });

  it('adds latency', async () => {
    const f = new FaultInjector();
    f.configure({ classes: { public: { latency: { probability: 1, ms: 60 } } } });
    const t0 = Date.now();
    expect(await f.beforeRequest('public')).toBeNull();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(55);
    expect(f.count('latency', 'public')).toBe(1);
  });

  it('429 bursts last `burst` requests once triggered', async () => {
    const f = new FaultInjector();
    f.configure({ classes: { private: { rateLimit: { count: 1, burst: 3, retryAfterSec: 2 } } } });
    const got = [];
    for (let i = 0; i < 5; i++) got.push(await f.beforeRequest('private'));
    expect(got.slice(0, 3)).toEqual([
      { status: 429, retryAfterSec: 2, code: 'TOO_MANY_REQUESTS' },
      { status: 429, retryAfterSec: 2, code: 'TOO_MANY_REQUESTS' },
      { status: 429, retryAfterSec: 2, code: 'TOO_MANY_REQUESTS' },
    ]);
    expect(got.slice(3)).toEqual([null, null]);
    expect(f.count('rateLimit')).toBe(3);
  });

  it('probabilities are seeded and roughly honoured', async () => {
    const run = async () => {
      const f = new FaultInjector({ seed: 9 });
      f.configure({ classes: { public: { error: { probability: 0.3, status: 502 } } } });
      const out: boolean[] = [];
      for (let i = 0; i < 400; i++) out.push((await f.beforeRequest('public')) !== null);
      return out;
    };
    const a = await run();
    expect(await run()).toEqual(a);
    const n = a.filter(Boolean).length;
    expect(n).toBeGreaterThan(80);
    expect(n).toBeLessThan(160);
  });

  it('ws frame faults, clock skew, reset', () => {
    const f = new FaultInjector();
    f.configure({
      ws: { publicFrameDrop: { count: 1 }, stall: { count: 1, ms: 500, target: 'private' } },
      clockSkewMs: -1500,
    });
    expect(f.clockSkewMs()).toBe(-1500);
    expect(f.wsFrameFault('private')).toEqual({ stallMs: 500 });
    expect(f.wsFrameFault('public')).toBe('skip');
    expect(f.wsFrameFault('public')).toBeNull();
    expect(f.count('publicFrameDrop')).toBe(1);
    expect(f.count('wsStall', 'ws-private')).toBe(1);
    f.reset();
    expect(f.clockSkewMs()).toBe(0);
    expect(f.state().config).toEqual({ classes: {}, ws: {}, clockSkewMs: 0 });
    expect(f.count('wsStall')).toBe(1);
    f.reset({ resetCounters: true });
    expect(f.state().total).toBe(0);
  });

  it('triggerWs notifies listeners and counts', () => {
    const f = new FaultInjector();
    const seen: unknown[] = [];
    const off = f.onWsAction((a) => seen.push(a));
    f.triggerWs({ action: 'drop', target: 'public' });
    off();
    f.triggerWs({ action: 'stall', target: 'all', ms: 10 });
    expect(seen).toEqual([{ action: 'drop', target: 'public' }]);
    expect(f.count('wsDrop')).toBe(1);
    expect(f.count('wsStall')).toBe(1);
  });

  it('rejects bad config without changing anything', () => {
    const f = new FaultInjector();
    for (const bad of [
      null,
      [],
      'x',
      { classes: { nope: {} } },
      { classes: { order: { latency: { ms: 5 } } } },
      { classes: { order: { latency: { probability: 2 } } } },
      { classes: { order: { explode: { count: 1 } } } },
      { ws: { drop: { count: 1, target: 'both' } } },
      { clockSkewMs: 'soon' },
      { extra: 1 },
    ]) {
      const r = f.configure(bad);
      expect(r.ok).toBe(false);
    }
    expect(f.state().config).toEqual({ classes: {}, ws: {}, clockSkewMs: 0 });
    expect(parseFaultConfig({ classes: { order: { latency: null } } }).ok).toBe(true);
    // numeric strings (CLI arguments, query parameters) are accepted
    const fromCli = parseFaultConfig({
      clockSkewMs: '2500',
      classes: { order: { latency: { probability: '0.5', ms: '100' } } },
    });
    expect(fromCli.ok && fromCli.value.clockSkewMs).toBe(2500);
    expect(fromCli.ok && fromCli.value.classes.order?.latency).toEqual({ probability: 0.5, ms: 100 });
    expect(parseFaultConfig({ clockSkewMs: '25e2' }).ok).toBe(false);
  });
});
