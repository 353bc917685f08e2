// Replay through the whole sandbox (issue 22 item 2): a recording drives the market of a real
// sandbox (createSandbox({market: {kind: 'replayed'}})); the sandbox's own orders fill by the paper
// rules against the replayed book and trades. Determinism: the same file, the same clock and the
// same orders at the same replay positions give the same candles and the same fills. Admin controls:
// GET/POST /admin/replay (pause holds the book, seek, speed, coded refusals).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { RecordingEncoder } from '../../core/recording/codec.js';
import { RECORDING_VERSION } from '../../core/recording/format.js';
import { createSandbox } from '../index.js';
import type { ReplaySource } from './replaySource.js';

const SYMBOL = 'btc_krw';
const T0 = 1_800_000_000_000;

/** Price path of the recording: down 50 000 by 40 s, up to +50 000 by 90 s, 120 s long. */
const priceAt = (t: number) => {
  const s = t / 1000;
  const p = s <= 40 ? 100_000_000 - 1250 * s : 99_950_000 + 2000 * (s - 40);
  return Math.round(Math.min(p, 100_050_000) / 1000) * 1000;
};

function writeRecording(dir: string): string {
  const enc = new RecordingEncoder({
    kapiRecording: RECORDING_VERSION,
    startedAt: T0 - 3_600_000,
    pairs: [SYMBOL],
    channels: ['ticker', 'orderbook', 'trade'],
    account: false,
    source: 'sandbox',
    keyframeMs: 10_000,
  });
  const lines = [enc.headerText()];
  for (let t = 0; t <= 120_000; t += 2000) {
    const p = priceAt(t);
    const lv = (off: number) => ({ price: String(p + off), qty: '0.5' });
    lines.push(
      enc.encode(t, {
        type: 'orderbook',
        timestamp: t,
        symbol: SYMBOL,
        data: {
          timestamp: t,
          bids: [lv(-10_000), lv(-20_000), lv(-30_000)],
          asks: [lv(10_000), lv(20_000), lv(30_000)],
        },
      })!,
    );
    if (t > 0)
      lines.push(
        enc.encode(t + 1, {
          type: 'trade',
          timestamp: t,
          symbol: SYMBOL,
          data: [{ timestamp: t, tradeId: t, price: String(p), qty: '0.05', isBuyerTaker: t % 4000 === 0 }],
        })!,
      );
  }
  const file = join(dir, 'test.ndjson.gz');
  writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));
  return file;
}

const dir = mkdtempSync(join(tmpdir(), 'kapi-replay-'));
const file = writeRecording(dir);
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of closers) await c();
});

async function start(tag: string) {
  let now = T0;
  const clock = () => now;
  const sbx = await createSandbox({
    port: 0,
    dataDir: join(dir, tag),
    seed: 7,
    historyDays: 0,
    clock,
    market: { kind: 'replayed', file, now: clock, tickMs: 0 },
  });
  closers.push(() => sbx.close());
  const source = sbx.marketSource!.source as ReplaySource;
  const step = (ms: number) => {
    for (let i = 0; i < ms; i += 500) {
      now += Math.min(500, ms - i);
      source.advance();
    }
  };
  return { sbx, source, step };
}

async function session(tag: string) {
  const { sbx, source, step } = await start(tag);
  const ex = sbx.internals.exchange;
  const user = sbx.internals.demoUserId;
  const fills: string[] = [];
  sbx.internals.bus.on('myTrade', (e) => {
    if (e.userId !== user) return;
    const t = e.trade;
    fills.push(`${t.orderId} ${t.side} ${t.price} ${t.qty} ${t.feeQty} ${t.isTaker} @${t.tradedAt}`);
  });
  const place = (o: Record<string, string>) => {
    const r = ex.placeOrder({ userId: user, accountSeq: 1, symbol: SYMBOL, ...o } as never);
    if (!r.ok) throw new Error(`${JSON.stringify(o)}: ${r.error.code}`);
    return r.value.orderId;
  };
  step(5000);
  place({ side: 'buy', orderType: 'market', amt: '2000000' }); // taker: walks the replayed asks
  step(5000);
  place({ side: 'buy', orderType: 'limit', price: '99960000', qty: '0.02', timeInForce: 'gtc' }); // rests, filled by trades near 40 s
  step(50_000);
  source.control('seek', 20_000);
  place({ side: 'sell', orderType: 'limit', price: '100040000', qty: '0.03', timeInForce: 'gtc' }); // filled once the path climbs
  source.control('speed', 2);
  step(40_000);
  place({ side: 'sell', orderType: 'limit', price: '100000000', qty: '0.001', timeInForce: 'ioc' });
  step(10_000);
  const candles = await source.candles(SYMBOL, '1', { limit: 200 });
  const book = ex.getOrderbook(SYMBOL, 5);
  return { fills, candles: candles.ok ? candles.value : candles, book, state: source.replayState() };
}

describe('replay through the sandbox', () => {
  it('same file, clock and orders at the same positions: the same candles and the same fills', async () => {
    const a = await session('a');
    const b = await session('b');
    // the market buy walks the ask of the book replayed at 4 s; the resting buy fills as the path falls
    // through it; the resting sell (placed after the seek) once the path climbs to it; the IOC sell
    expect(a.fills.map((f) => f.split(' ').slice(1, 3).join(' '))).toEqual([
      'buy 100005000',
      'buy 99960000',
      'sell 100040000',
      'sell 100040000',
    ]);
    expect(a.fills[0]).toContain('true @1800000005000'); // taker, at the clock of its placement
    expect(Array.isArray(a.candles) && a.candles.length).toBeGreaterThan(1);
    expect(b.fills).toEqual(a.fills);
    expect(b.candles).toEqual(a.candles);
    expect(b.book).toEqual(a.book);
    expect(a.state).toMatchObject({ speed: 2, loops: 0 });
  });

  it('GET/POST /admin/replay: pause holds the book, seek moves it, speed changes the pace; coded refusals', async () => {
    const { sbx, step } = await start('admin');
    const admin = async (body?: unknown) => {
      const res = await fetch(`${sbx.adminUrl}/replay`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: res.status,
        body: (await res.json()) as { data?: Record<string, unknown>; error?: { message: string } },
      };
    };
    const bestBid = () => sbx.internals.exchange.getOrderbook(SYMBOL, 1).bids[0]?.price;
    step(10_000);
    expect((await admin()).body.data).toMatchObject({
      active: true,
      positionMs: 10_000,
      durationMs: 120_001,
      paused: false,
    });
    const paused = await admin({ action: 'pause' });
    expect(paused.body.data).toMatchObject({ paused: true, positionMs: 10_000 });
    const held = bestBid();
    step(30_000);
    expect(bestBid()).toBe(held);
    expect((await admin()).body.data).toMatchObject({ positionMs: 10_000 });
    await admin({ action: 'seek', value: 40_000 });
    expect(bestBid()).toBe(String(priceAt(40_000) - 10_000));
    await admin({ action: 'resume' });
    await admin({ action: 'speed', value: 4 });
    step(5000);
    expect((await admin()).body.data).toMatchObject({ positionMs: 60_000, speed: 4, paused: false });
    for (const bad of [
      { action: 'jump' },
      { action: 'speed' },
      { action: 'speed', value: 0 },
      { action: 'seek', value: -1 },
      { action: 'pause', x: 1 },
    ]) {
      const r = await admin(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.error?.message).toBe('BAD_REQUEST');
    }
    // a sandbox on its own simulated market has no replay
    const plain = await createSandbox({
      port: 0,
      dataDir: join(dir, 'plain'),
      historyDays: 0,
      simulate: false,
    });
    closers.push(() => plain.close());
    const get = await fetch(`${plain.adminUrl}/replay`);
    expect(((await get.json()) as { data: unknown }).data).toEqual({ active: false });
    const post = await fetch(`${plain.adminUrl}/replay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'pause' }),
    });
    expect(post.status).toBe(409);
    expect(((await post.json()) as { error: { message: string } }).error.message).toBe('REPLAY_NOT_ACTIVE');
  });
});
