// Server section of `npm run bench`: sandbox, signing proxy and a bare relay each in their own
// process, driven from this one over loopback keep-alive connections.
//  - signed GET /v2/balance through the proxy against the same call through a bare relay, HMAC and
//    ED25519 profiles, paced at a dashboard's rate (BENCH_PACE, 40/s) and unpaced (proxyRows.ts)
//  - order POST (IOC limit buy on an empty book, so it expires at once: a full placement and commit)
//    direct and through the proxy (p50)
//  - signed placements/s with 16 in flight spread over 100 accounts (20 users x 5 accounts), against
//    GET /v2/time in the same run
// BENCH_CPU_PROF=<dir> runs the sandbox, the proxy and the relay under `node --cpu-prof` (profiles
// written to <dir> when the bench ends, sampled every BENCH_CPU_PROF_US µs; `npx tsx bench/server/cpuprof.ts <file>` sums self time by function).
// BENCH_SERVER_ONLY=proxy|placements runs one part (for profiling one load).
// BENCH_PERF_MAP=1 starts them with `--perf-basic-prof` (/tmp/perf-<pid>.map), so `perf record -a -g` names
// their JS frames (the way the fifth session on issue 20 read a placement: docs/performance.md).
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { ed25519SeedFromPkcs8Pem, signParams } from '../../src/core/sign.js';
import { printRow, type Row, row } from '../results.js';
import { latencies, pct, type Req } from './load.js';
import { placementRows } from './placements.js';
import type { SbxInfo } from './procs.js';
import { signedGetRows } from './proxyRows.js';

const PROCS = join(dirname(fileURLToPath(import.meta.url)), 'procs.ts');

export function startProc<T>(msg: object, profileDir?: string): Promise<{ child: ChildProcess; info: T }> {
  const every = process.env.BENCH_CPU_PROF_US ?? '1000';
  const prof = profileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-interval=${every}`]
    : [];
  const child = fork(PROCS, [], {
    execArgv: ['--import', 'tsx', ...prof, ...(process.env.BENCH_PERF_MAP ? ['--perf-basic-prof'] : [])],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench process exited with ${code}`)));
    child.once('message', (m: { ready: T }) => resolve({ child, info: m.ready }));
    child.send(msg);
  });
}

/** CPU time (µs) a bench process has used so far, and the sandbox's WAL fsyncs and COMMITs. */
export function cpuOf(child: ChildProcess): Promise<{ cpuUs: number; syncs: number; commits: number }> {
  return new Promise((resolve) => {
    const on = (m: { cpuUs?: number; syncs?: number; commits?: number }) => {
      if (typeof m.cpuUs !== 'number') return;
      child.off('message', on);
      resolve({ cpuUs: m.cpuUs, syncs: m.syncs ?? 0, commits: m.commits ?? 0 });
    };
    child.on('message', on);
    child.send({ role: 'cpu' });
  });
}

/** A disconnect makes each process exit on its own (so a --cpu-prof profile gets written). */
export async function stopProcs(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          c.removeAllListeners('exit');
          if (c.exitCode !== null) return resolve();
          const kill = setTimeout(() => c.kill('SIGKILL'), 20_000);
          c.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          c.disconnect();
        }),
    ),
  );
}

export interface ServerBenchOptions {
  n: number;
  nPaced: number;
  /** Rounds of the proxy rows (their paced figure swings more between rounds than the others). */
  proxyRounds: number;
  pace: number;
  rounds: number;
  placements: number;
}

export async function benchServer(opts: ServerBenchOptions) {
  const only = process.env.BENCH_SERVER_ONLY;
  const profDir = process.env.BENCH_CPU_PROF || undefined;
  const dirs = [
    mkdtempSync(join(tmpdir(), 'kapi-bench-sbx-')),
    mkdtempSync(join(tmpdir(), 'kapi-bench-px-')),
  ];
  const children: ChildProcess[] = [];
  const pools: Pool[] = [];
  try {
    const sbx = await startProc<SbxInfo>({ role: 'sandbox', dataDir: dirs[0] }, profDir);
    children.push(sbx.child);
    const px = await startProc<{ url: string; token: string }>(
      { role: 'proxy', configDir: dirs[1], sbx: sbx.info },
      profDir,
    );
    children.push(px.child);
    const rl = await startProc<{ url: string }>({ role: 'relay', restUrl: sbx.info.restUrl }, profDir);
    children.push(rl.child);
    const pool = (url: string, connections = 1) => {
      const p = new Pool(url, { connections, keepAliveTimeout: 30_000 });
      pools.push(p);
      return p;
    };
    const direct = pool(sbx.info.restUrl);
    const relay = pool(rl.info.url);
    // BENCH_CONTROL=1: a second bare relay stands in for the proxy, to read the method's own floor
    const control = process.env.BENCH_CONTROL === '1';
    const rl2 = control
      ? await startProc<{ url: string }>({ role: 'relay', restUrl: sbx.info.restUrl })
      : null;
    if (rl2) children.push(rl2.child);
    const proxy = pool(rl2 ? rl2.info.url : px.info.url);
    const direct16 = pool(sbx.info.restUrl, 16);
    const hmac = { type: 'hmac-sha256' as const, secret: sbx.info.hmac.secret };
    const ed = { type: 'ed25519' as const, seed: ed25519SeedFromPkcs8Pem(sbx.info.ed25519.privateKeyPem) };
    const rows: Row[] = [];
    const out: Record<string, unknown> = {
      latencyRequests: opts.n,
      pacedRequests: opts.nPaced,
      pace: opts.pace,
    };

    if (!only || only === 'proxy') {
      const loads = [
        { label: `paced ${opts.pace}/s`, n: opts.nPaced, perSecond: opts.pace },
        { label: 'unpaced', n: opts.n },
      ];
      console.log(
        `\n# proxy signed GET, separate processes, loopback (${opts.nPaced} paced / ${opts.n} unpaced requests x ${opts.proxyRounds} rounds; µs)`,
      );
      const g = await signedGetRows(
        {
          relay,
          proxy,
          token: px.info.token,
          control,
          cpu: {
            relay: async () => (await cpuOf(rl.child)).cpuUs,
            proxy: async () => (await cpuOf((rl2 ?? px).child)).cpuUs,
          },
          keys: [
            { label: 'HMAC', profileId: 'sandbox-hmac', apiKey: sbx.info.hmac.apiKey, key: hmac },
            { label: 'ED25519', profileId: 'sandbox-ed25519', apiKey: sbx.info.ed25519.apiKey, key: ed },
          ],
        },
        loads,
        opts.proxyRounds,
      );
      for (const r of g.rows) printRow(r);
      rows.push(...g.rows);
      out.proxySignedGetAddedUs = g.added;
    }
    if ((!only || only === 'proxy') && !control) {
      // order POST: an IOC buy at the last price finds no book (no simulation) and expires
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
      const series: Array<[string, Pool, () => Req]> = [
        [
          'order POST direct',
          direct,
          () => ({
            method: 'POST',
            path: '/v2/orders',
            headers: {
              'x-kapi-key': sbx.info.hmac.apiKey,
              'content-type': 'application/x-www-form-urlencoded',
            },
            body: signParams([...order, ['timestamp', String(Date.now())]], hmac),
          }),
        ],
        [
          'order POST via proxy',
          proxy,
          () => ({
            method: 'POST',
            path: '/api/v2/orders',
            headers: {
              cookie: `kapi_session=${px.info.token}`,
              'x-profile': 'sandbox-hmac',
              origin: px.info.url,
              'content-type': 'application/json',
            },
            body: JSON.stringify(Object.fromEntries(order)),
          }),
        ],
      ];
      for (const [, p, make] of series) await latencies(p, 100, make);
      const p50s = series.map(() => [] as number[]);
      for (let r = 0; r < opts.rounds; r++) {
        for (const [i, [, p, make]] of series.entries()) {
          const lat = (await latencies(p, Math.min(opts.n, 500), make)).sort((a, b) => a - b);
          p50s[i]!.push(pct(lat, 0.5));
        }
      }
      console.log('\n# order POST, unpaced (µs)');
      const orderRows = [
        row('order POST direct p50', 'µs', p50s[0]!),
        row('order POST via proxy p50', 'µs', p50s[1]!),
        row(
          'order POST: proxy adds over direct',
          'µs',
          p50s[1]!.map((v, i) => v - p50s[0]![i]!),
        ),
      ];
      for (const r of orderRows) printRow(r);
      rows.push(...orderRows);
      out.proxyOrderAddedMs = Math.round(orderRows[2]!.median) / 1000;
    }

    if (!only || only === 'placements') {
      const p = await placementRows(direct, direct16, () => cpuOf(sbx.child), opts);
      rows.push(...p.rows);
      out.placementsPerSecond = p.placementsPerSecond;
      out.placementsPerTimeRequest = p.placementsPerTimeRequest;
    }
    return { ...out, rows };
  } finally {
    await Promise.all(pools.map((p) => p.close()));
    await stopProcs(children);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
