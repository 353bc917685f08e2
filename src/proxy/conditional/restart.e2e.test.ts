// Conditional orders across proxy restarts: a crossing while the proxy is down (fire late or
// cancel, as chosen) and a kill -9 between the trigger being stored and its order being placed.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startSandboxStack } from '../e2e/sandboxHarness.js';
import { type Loose, sleep, startTestProxy, tempDir } from '../testing/harness.js';
import {
  armConditional,
  ordersWithClientId,
  stopSellDef,
  waitForConditional,
} from './testing/stackHelpers.js';

let s: Stack;
const SYM = 'xrp_krw';
const opts = { conditional: { pollMs: 100, lateMs: 0 } };

beforeAll(async () => {
  s = await startSandboxStack(opts);
  await price('1000');
});
afterAll(async () => {
  await s?.close();
});

async function price(p: string): Promise<void> {
  expect((await s.admin('/market/price', { symbol: SYM, price: p })).success).toBe(true);
}
const upstream = () => ({
  url: s.sbx.restUrl,
  wsPublicUrl: s.sbx.wsPublicUrl,
  wsPrivateUrl: s.sbx.wsPrivateUrl,
});
const stop = (level: string, onGap: 'fire' | 'cancel') => stopSellDef(SYM, level, '10', onGap);

const entry = (id: string, pred: (c: Loose) => boolean) => waitForConditional(s.t, id, pred);
const arm = (definition: unknown) => armConditional(s.t, definition);
const exchangeOrders = (coid: string) => ordersWithClientId(s.t, SYM, coid);

describe('conditional orders across restarts (real sandbox)', () => {
  it('a crossing while the proxy was down is seen on start: fired late or canceled, as chosen', async () => {
    const a = await arm(stop('900', 'fire'));
    const b = await arm(stop('900', 'cancel'));
    expect([a.status, b.status]).toEqual(['armed', 'armed']);
    const configDir = s.t.configDir;
    await s.t.proxy.close();
    await price('850'); // crosses while nobody watches
    await price('1000'); // and comes back before the proxy returns
    s.t = await startTestProxy(upstream(), { configDir, importCredentials: s.sbx.credentialsPath, ...opts });
    const fa = await entry(a.id, (c) => c.status === 'placed');
    expect(fa.fired).toMatchObject({ price: '850', late: true });
    const fb = await entry(b.id, (c) => c.status === 'canceled');
    expect(fb.error.code).toBe('GAP_CROSSED');
    expect(await exchangeOrders(`kc-${b.id}-t0`)).toHaveLength(0);
    expect(await exchangeOrders(`kc-${a.id}-t0`)).toHaveLength(1);
  });

  it('a crossing while the trade stream is disconnected is found by the REST backfill on reconnect', async () => {
    await price('1000');
    const a = await arm(stop('960', 'fire'));
    const b = await arm(stop('960', 'cancel'));
    for (
      let i = 0;
      i < 100 && (await s.t.api('GET', '/api/conditional/status')).json.data.marketData !== 'live';
      i++
    )
      await sleep(50);
    s.t.proxy.internals.conditional.feed.kill(); // the upstream socket drops; it reconnects after a backoff
    await price('955');
    await price('1000');
    expect((await entry(a.id, (c) => c.status === 'placed')).fired).toMatchObject({
      price: '955',
      late: true,
    });
    expect((await entry(b.id, (c) => c.status === 'canceled')).error.code).toBe('GAP_CROSSED');
    // nothing left to watch: the engine lets its stream go idle
    await expect
      .poll(async () => (await s.t.api('GET', '/api/conditional/status')).json.data.marketData)
      .toBe('idle');
  });

  it('while the trades after a gap cannot be read back, the engine says it is not caught up', async () => {
    await price('1000');
    const c = await arm(stop('500', 'fire'));
    const status = async () => (await s.t.api('GET', '/api/conditional/status')).json.data;
    await expect.poll(async () => (await status()).marketData).toBe('live');
    await s.admin('/faults', { classes: { public: { error: { probability: 1, status: 503 } } } });
    try {
      await s.admin('/faults/ws', { action: 'drop', target: 'public' });
      await expect.poll(async () => (await status()).backfillPending, { timeout: 8000 }).toEqual([SYM]);
      expect((await status()).marketData).toBe('down');
    } finally {
      await s.admin('/faults/reset', {});
    }
    await expect.poll(async () => (await status()).backfillPending, { timeout: 8000 }).toEqual([]);
    expect((await status()).marketData).toBe('live');
    expect((await s.t.api('DELETE', `/api/conditional/${c.id}`)).status).toBe(200);
  });

  it('kill -9 between the trigger and the placement: the restarted proxy places it exactly once', async () => {
    const configDir = tempDir('kapi-cond-kill-');
    const token = 'kill-test-session-token-0123456789abcdef';
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, '..', 'testing', 'childProxy.ts'),
        JSON.stringify({
          ...upstream(),
          restUrl: s.sbx.restUrl,
          configDir,
          credentials: s.sbx.credentialsPath,
        }),
      ],
      {
        env: { ...process.env, KAPI_TEST_TOKEN: token, KAPI_TEST_CRASH: 'conditional-after-trigger' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_c, sig) => r(sig)));
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += String(d);
        const m = /READY (\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', () => reject(new Error('child proxy exited before it was ready')));
    });
    const armed = await fetch(`${url}/api/conditional`, {
      method: 'POST',
      headers: { cookie: `kapi_session=${token}`, origin: url, 'content-type': 'application/json' },
      body: JSON.stringify({ definition: stop('950', 'fire') }),
    });
    expect(armed.status).toBe(201);
    const id = ((await armed.json()) as Loose).data.conditional.id as string;
    for (let i = 0; i < 100; i++) {
      const st = (await (
        await fetch(`${url}/api/conditional/status`, { headers: { cookie: `kapi_session=${token}` } })
      ).json()) as Loose;
      if (st.data.marketData === 'live') break;
      await sleep(50);
    }
    await price('940');
    expect(await exited).toBe('SIGKILL');

    // on disk: triggered, no order sent
    const db = new Database(join(configDir, 'conditional.sqlite'), { readonly: true });
    const row = db.prepare('SELECT status FROM conditionals WHERE id = ?').get(id) as { status: string };
    db.close();
    expect(row.status).toBe('triggered');
    expect(await exchangeOrders(`kc-${id}-t0`)).toHaveLength(0);

    const again = await startTestProxy(upstream(), {
      configDir,
      importCredentials: s.sbx.credentialsPath,
      ...opts,
    });
    try {
      let c: Loose;
      for (let i = 0; i < 200; i++) {
        c = (await again.api('GET', '/api/conditional')).json.data.entries.find((e: Loose) => e.id === id);
        if (c?.status === 'placed') break;
        await sleep(50);
      }
      expect(c.status).toBe('placed');
      expect(c.fired.price).toBe('940');
      await sleep(300);
      const orders = await exchangeOrders(`kc-${id}-t0`);
      expect(orders).toHaveLength(1);
      expect(orders[0].orderId).toBe(c.orderId);
      // a further restart finds it placed and does nothing more
      await again.proxy.close();
      const third = await startTestProxy(upstream(), {
        configDir,
        importCredentials: s.sbx.credentialsPath,
        ...opts,
      });
      await sleep(400);
      expect((await third.api('GET', '/api/conditional')).json.data.entries[0].status).toBe('placed');
      expect(await exchangeOrders(`kc-${id}-t0`)).toHaveLength(1);
      await third.proxy.close();
    } finally {
      await again.proxy.close();
    }
  });
});
