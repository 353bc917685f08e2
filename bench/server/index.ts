// Server section of `npm run bench`: sandbox, signing proxy and a bare relay each in their own
// process, driven from this one over loopback keep-alive connections.
//  - signed GET /v2/balance: direct, through the bare relay, through the proxy (p50 per request)
//  - order POST (IOC limit buy on an empty book, so it expires at once: a full placement and commit)
//    direct and through the proxy (p50)
//  - signed placements/s with 16 in flight straight to the sandbox, against GET /v2/time
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { signParams } from '../../src/core/sign.js';
import { against, median, printRow, type Row, row } from '../results.js';
import type { SbxInfo } from './procs.js';

const PROCS = join(dirname(fileURLToPath(import.meta.url)), 'procs.ts');

function start<T>(msg: object): Promise<{ child: ChildProcess; info: T }> {
  const child = fork(PROCS, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench process exited with ${code}`)));
    child.once('message', (m: { ready: T }) => resolve({ child, info: m.ready }));
    child.send(msg);
  });
}

type Req = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };

async function once(pool: Pool, r: Req): Promise<void> {
  const res = await pool.request(r);
  const text = await res.body.text();
  if (res.statusCode !== 200 || text.includes('"success":false'))
    throw new Error(`${r.method} ${r.path.split('?')[0]} answered ${res.statusCode}: ${text.slice(0, 200)}`);
}

/** µs per request, sequential. */
async function latencies(pool: Pool, n: number, make: () => Req): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = make();
    const t0 = performance.now();
    await once(pool, r);
    out.push((performance.now() - t0) * 1000);
  }
  return out;
}

/** Requests per second with `inflight` requests always outstanding. */
async function throughput(pool: Pool, total: number, inflight: number, make: () => Req): Promise<number> {
  let sent = 0;
  const t0 = performance.now();
  const lane = async () => {
    while (sent < total) {
      sent++;
      await once(pool, make());
    }
  };
  await Promise.all(Array.from({ length: inflight }, lane));
  return (total / (performance.now() - t0)) * 1000;
}

export async function benchServer(opts: { n: number; rounds: number; placements: number }) {
  const dirs = [
    mkdtempSync(join(tmpdir(), 'kapi-bench-sbx-')),
    mkdtempSync(join(tmpdir(), 'kapi-bench-px-')),
  ];
  const children: ChildProcess[] = [];
  const pools: Pool[] = [];
  try {
    const sbx = await start<SbxInfo>({ role: 'sandbox', dataDir: dirs[0] });
    children.push(sbx.child);
    const px = await start<{ url: string; token: string }>({
      role: 'proxy',
      configDir: dirs[1],
      sbx: sbx.info,
    });
    children.push(px.child);
    const rl = await start<{ url: string }>({ role: 'relay', restUrl: sbx.info.restUrl });
    children.push(rl.child);
    const pool = (url: string, connections = 1) => {
      const p = new Pool(url, { connections, keepAliveTimeout: 30_000 });
      pools.push(p);
      return p;
    };
    const direct = pool(sbx.info.restUrl);
    const relay = pool(rl.info.url);
    const proxy = pool(px.info.url);
    const direct16 = pool(sbx.info.restUrl, 16);
    const key = { type: 'hmac-sha256' as const, secret: sbx.info.hmac.secret };
    const apiKey = sbx.info.hmac.apiKey;
    const pxHeaders = { cookie: `kapi_session=${px.info.token}`, 'x-profile': 'sandbox-hmac' };

    // no book without the simulation: an IOC buy at the last price finds nothing and expires
    const tickRes = await direct.request({ method: 'GET', path: '/v2/tickers?symbol=btc_krw' });
    const ticker = (await tickRes.body.json()) as { data: Array<{ close: string }> };
    const bid = ticker.data[0]?.close;
    if (!bid) throw new Error('the sandbox has no btc_krw ticker to price the bench orders at');
    const order: [string, string][] = [
      ['symbol', 'btc_krw'],
      ['side', 'buy'],
      ['orderType', 'limit'],
      ['price', bid],
      ['qty', '0.0001'],
      ['timeInForce', 'ioc'],
    ];
    const signedBalance = (): Req => ({
      method: 'GET',
      path: `/v2/balance?${signParams([['timestamp', String(Date.now())]], key)}`,
      headers: { 'x-kapi-key': apiKey },
    });
    const series: Record<string, () => Req> = {
      'signed GET /v2/balance direct': signedBalance,
      'signed GET /v2/balance via bare relay': signedBalance,
      'signed GET /v2/balance via proxy': () => ({
        method: 'GET',
        path: '/api/v2/balance',
        headers: pxHeaders,
      }),
      'order POST direct': () => ({
        method: 'POST',
        path: '/v2/orders',
        headers: { 'x-kapi-key': apiKey, 'content-type': 'application/x-www-form-urlencoded' },
        body: signParams([...order, ['timestamp', String(Date.now())]], key),
      }),
      'order POST via proxy': () => ({
        method: 'POST',
        path: '/api/v2/orders',
        headers: { ...pxHeaders, origin: px.info.url, 'content-type': 'application/json' },
        body: JSON.stringify(Object.fromEntries(order)),
      }),
    };
    const poolOf = (name: string) =>
      name.includes('relay') ? relay : name.includes('proxy') ? proxy : direct;
    // warm-up: connections, JIT, the proxy's clock sync and learned limits
    for (const [name, make] of Object.entries(series)) await latencies(poolOf(name), 100, make);
    const p50s: Record<string, number[]> = Object.fromEntries(Object.keys(series).map((k) => [k, []]));
    const p99s: Record<string, number[]> = Object.fromEntries(Object.keys(series).map((k) => [k, []]));
    // rounds interleave the series so machine noise hits them alike
    for (let r = 0; r < opts.rounds; r++) {
      for (const [name, make] of Object.entries(series)) {
        const lat = (await latencies(poolOf(name), opts.n, make)).sort((a, b) => a - b);
        p50s[name]!.push(lat[Math.floor(lat.length * 0.5)]!);
        p99s[name]!.push(lat[Math.floor(lat.length * 0.99)]!);
      }
    }
    console.log(
      `\n# server, separate processes, loopback (${opts.n} sequential requests x ${opts.rounds} rounds; p50 µs)`,
    );
    const rows: Row[] = [];
    const lat: Record<string, Row> = {};
    for (const name of Object.keys(series)) {
      lat[name] = row(`${name} p50`, 'µs', p50s[name]!, `p99 median ${Math.round(median(p99s[name]!))} µs`);
    }
    const pairs: Array<[string, string]> = [
      ['signed GET /v2/balance via bare relay', 'signed GET /v2/balance direct'],
      ['signed GET /v2/balance via proxy', 'signed GET /v2/balance via bare relay'],
      ['order POST via proxy', 'order POST direct'],
    ];
    for (const name of Object.keys(series)) {
      const base = pairs.find(([a]) => a === name)?.[1];
      const r = base ? against(lat[name]!, lat[base]!, false) : lat[name]!;
      printRow(r);
      rows.push(r);
    }
    // added per request: difference of the p50s within each round, then the median of rounds
    const added = (a: string, b: string) =>
      row(
        `${a.replace(' p50', '')} adds over ${b}`,
        'µs',
        p50s[a]!.map((x, i) => x - p50s[b]![i]!),
      );
    const signedAdded = added('signed GET /v2/balance via proxy', 'signed GET /v2/balance via bare relay');
    const orderAdded = added('order POST via proxy', 'order POST direct');
    for (const r of [signedAdded, orderAdded]) {
      printRow(r);
      rows.push(r);
    }

    console.log(`\n# sandbox throughput, 16 in flight (${opts.placements} requests x ${opts.rounds} rounds)`);
    const placeRates: number[] = [];
    const timeRates: number[] = [];
    const orderReq = series['order POST direct']!;
    await throughput(direct16, 500, 16, orderReq);
    for (let r = 0; r < opts.rounds; r++) {
      timeRates.push(
        await throughput(direct16, opts.placements, 16, () => ({
          method: 'GET',
          path: '/v2/time',
          headers: {},
        })),
      );
      placeRates.push(await throughput(direct16, opts.placements, 16, orderReq));
    }
    const timeRow = row('GET /v2/time, 16 in flight', 'req/s', timeRates);
    const placeRow = against(
      row('signed order placements, 16 in flight', 'orders/s', placeRates),
      timeRow,
      true,
    );
    printRow(timeRow);
    printRow(placeRow);
    rows.push(timeRow, placeRow);
    return {
      latencyRequests: opts.n,
      rows,
      proxySignedGetAddedUs: signedAdded.median,
      proxyOrderAddedMs: Math.round(orderAdded.median) / 1000,
      placementsPerSecond: placeRow.median,
    };
  } finally {
    await Promise.all(pools.map((p) => p.close()));
    // a disconnect makes each process exit on its own (so a --cpu-prof profile gets written)
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            c.removeAllListeners('exit');
            if (c.exitCode !== null) return resolve();
            const kill = setTimeout(() => c.kill('SIGKILL'), 10_000);
            c.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            c.disconnect();
          }),
      ),
    );
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
