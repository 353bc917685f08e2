// The session recorder against the real sandbox through the proxy: file format, gzip, the size
// reported while it runs, account events, and no secret anywhere in the file.
import { readFileSync, statSync } from 'node:fs';
import { constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeRecording } from '../../core/recording/codec.js';
import { type Stack, startSandboxStack } from '../e2e/sandboxHarness.js';

let s: Stack;
beforeAll(async () => {
  s = await startSandboxStack();
  for (const symbol of ['btc_krw', 'eth_krw']) await s.admin('/market/sim', { symbol, enabled: true });
});
afterAll(async () => {
  await s?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = await read();
    if (ok(v)) return v;
    await sleep(50);
  }
  throw new Error(`never: ${what}`);
}
const state = async () => (await s.t.api('GET', '/api/recorder')).json.data;

describe('session recorder', () => {
  it('refuses bad input with coded errors and stop when idle', async () => {
    const bad = await s.t.api('POST', '/api/recorder/start', { body: { symbols: ['BTC-KRW'] } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe('BAD_REQUEST');
    const none = await s.t.api('POST', '/api/recorder/start', { body: { symbols: [] } });
    expect(none.json.error.message).toBe('BAD_REQUEST');
    const unknown = await s.t.api('POST', '/api/recorder/start', { body: { symbols: ['zzz_krw'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toBe('INVALID_CURRENCY_PAIR');
    const stop = await s.t.api('POST', '/api/recorder/stop', { body: {} });
    expect(stop.status).toBe(409);
    expect(stop.json.error.message).toBe('RECORDER_NOT_RUNNING');
    expect((await state()).state).toBe('idle');
  });

  it('records public streams and account events to gzip NDJSON, size growing while it runs, no secret', async () => {
    const start = await s.t.api('POST', '/api/recorder/start', {
      body: { symbols: ['btc_krw', 'eth_krw'], includeAccount: true },
    });
    expect(start.status).toBe(200);
    expect(start.json.data.state).toBe('recording');
    const path: string = start.json.data.current.path;
    expect(path).toContain('/recordings/');
    expect(path).toMatch(/\.ndjson\.gz$/);
    const busy = await s.t.api('POST', '/api/recorder/start', { body: { symbols: ['btc_krw'] } });
    expect(busy.status).toBe(409);
    expect(busy.json.error.message).toBe('RECORDER_BUSY');

    const first = await until(state, (v) => v.current.bytes > 0 && v.current.frames > 5, 'first bytes');
    // an order of our own: myOrder / myAsset frames
    const placed = await s.t.api('POST', '/api/v2/orders', {
      body: { symbol: 'btc_krw', side: 'buy', orderType: 'limit', price: '100000000', qty: '0.0001' },
    });
    expect(placed.json.success, placed.text).toBe(true);
    const later = await until(state, (v) => v.current.bytes > first.current.bytes + 500, 'size grows');
    expect(later.current.frames).toBeGreaterThan(first.current.frames);
    expect(later.current.durationMs).toBeGreaterThanOrEqual(first.current.durationMs);
    // while running the file on disk is readable up to the last flush
    const partial = gunzipSync(readFileSync(path), { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
    expect(JSON.parse(partial.split('\n')[0]!).kapiRecording).toBe(1);

    const stopped = (await s.t.api('POST', '/api/recorder/stop', { body: {} })).json.data;
    expect(stopped.state).toBe('idle');
    expect(stopped.last.path).toBe(path);
    expect(stopped.last.bytes).toBe(statSync(path).size);

    const gz = readFileSync(path);
    expect(gz[0]).toBe(0x1f); // gzip magic
    expect(gz[1]).toBe(0x8b);
    const text = gunzipSync(gz).toString('utf8'); // complete stream (trailer written)
    const lines = text.trim().split('\n');
    const header = JSON.parse(lines[0]!);
    expect(header).toMatchObject({ kapiRecording: 1, pairs: ['btc_krw', 'eth_krw'], account: true });
    expect(typeof header.startedAt).toBe('number');
    const btc = header.markets.find((m: { symbol: string }) => m.symbol === 'btc_krw');
    expect(btc.tickSizePolicy).toContainEqual({ priceGte: '2000000', tickSize: '1000' });
    expect(lines.length - 1).toBe(stopped.last.frames);
    for (const l of lines.slice(1)) expect(typeof JSON.parse(l).t).toBe('number');

    const { frames } = decodeRecording(text);
    const seen = new Set(frames.map((f) => `${f.frame.type ?? f.frame.channelType}:${f.frame.symbol ?? ''}`));
    for (const k of ['orderbook:btc_krw', 'orderbook:eth_krw', 'ticker:btc_krw', 'trade:btc_krw'])
      expect(seen).toContain(k);
    expect([...seen].some((k) => k.startsWith('myOrder'))).toBe(true);
    expect(text).toContain(placed.json.data.orderId.toString());

    // no secret: neither key's id, secret or private key, in the plain text or the compressed bytes
    const c = s.sbx.credentials;
    for (const secret of [c.hmac.apiKey, c.hmac.secret, c.ed25519.apiKey, c.ed25519.privateKeyPem]) {
      expect(text.includes(secret)).toBe(false);
      expect(gz.includes(Buffer.from(secret))).toBe(false);
    }
    const body = c.ed25519.privateKeyPem.split('\n')[1]!;
    expect(text.includes(body)).toBe(false);
    expect(text).not.toMatch(/signature=/);
  });
});
