import fs from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, tempDir } from '../testing/client.js';
import { Store } from './db.js';

const cleanup: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanup) await c();
});

describe('group commit', () => {
  it('one fsync serves every commit made before it started; later callers get the next one', async () => {
    const dir = tempDir();
    const store = new Store(dir);
    cleanup.push(() => {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    for (let i = 0; i < 10; i++) store.tx(() => store.setMeta(`k${i}`, String(i)));
    const before = store.syncs;
    const first = Array.from({ length: 20 }, () => store.durable());
    await Promise.all(first);
    expect(store.syncs - before).toBe(1);
    // a commit after a sync started is not covered by it
    const during = store.durable();
    store.tx(() => store.setMeta('late', '1'));
    const after = store.durable();
    await Promise.all([during, after]);
    expect(store.syncs - before).toBeGreaterThanOrEqual(2);
    expect(store.getMeta('late')).toBe('1');
  });

  it('answers an order only after a sync, and concurrent orders share syncs', async () => {
    const env = await startSandbox({ rateLimitScale: 1000 });
    cleanup.push(async () => {
      await env.sb.close();
      fs.rmSync(env.dir, { recursive: true, force: true });
    });
    const store = env.sb.internals.store;
    const order = (i: number) => ({
      symbol: 'btc_krw',
      side: 'buy',
      orderType: 'limit',
      price: '140000000',
      qty: '0.0001',
      timeInForce: 'ioc',
      clientOrderId: `gc-${i}`,
    });
    const s0 = store.syncs;
    await env.hmac.data('POST', '/v2/orders', order(0));
    expect(store.syncs).toBeGreaterThan(s0);
    // A real disk takes milliseconds per fsync; tmpfs takes none, and on a loaded machine the 32
    // requests could then each find the previous sync done and get their own. Each fsync is made to
    // last 40 ms (as a slow disk would), so requests that arrive while syncs run must share them.
    const realFsync = fs.fsync;
    const slow = vi
      .spyOn(fs, 'fsync')
      .mockImplementation(((fd: number, cb: (e: NodeJS.ErrnoException | null) => void) =>
        realFsync(fd, (err) => setTimeout(() => cb(err), 40))) as typeof fs.fsync);
    cleanup.push(() => slow.mockRestore());
    const s1 = store.syncs;
    const n = 32;
    const placed = await Promise.all(
      Array.from({ length: n }, (_, i) => env.hmac.data('POST', '/v2/orders', order(i + 1))),
    );
    expect(placed.every((d) => typeof d.orderId === 'number')).toBe(true);
    const syncs = store.syncs - s1;
    expect(syncs).toBeGreaterThan(0);
    expect(syncs).toBeLessThan(n / 2);
    slow.mockRestore();
  });
});
