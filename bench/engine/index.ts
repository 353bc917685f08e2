// Engine section of `npm run bench`: the sandbox engine (driven through the exchange's own engine
// calls, engine/drive.ts), nodejs-order-book, a fair naive book and a tuned typed-array ladder
// (doing the engine's whole job, matching crossing limits included; its bare first version beside
// it) replay the same fixed-seed 1M-op streams (deep and thin; the mid walks, so some limits cross),
// each book in fresh processes taken in turns. Fill counts and resting orders must agree, or the run says so.
// Rates are ops per CPU-second of the timed rounds, after one untimed warm-up round per book (its
// figure is printed apart, BENCH_WARMUP=0 times the cold round too); ratios are engine over the other
// book in this run.
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { against, printRow, type Row, row } from '../results.js';
import type { Variant } from './stream.js';
import type { BookName } from './worker.js';

const run = promisify(execFile);
/** Fresh processes per book, taken in turns with the other books' (BENCH_ENGINE_SESSIONS). */
const SESSIONS = Math.max(1, Number(process.env.BENCH_ENGINE_SESSIONS ?? 3));
const WORKER = join(dirname(fileURLToPath(import.meta.url)), 'worker.ts');

interface WorkerResult {
  name: BookName;
  variant: Variant;
  ops: number;
  fills: number;
  resting: number;
  ms: number[];
  cpuMs: number[];
  /** The untimed warm-up round(s): compiling and growing included. */
  coldCpuMs: number[];
  latency: Record<string, { p50Ns: number | null; p99Ns: number | null; count: number }> | null;
  crossing: { limits: number; crossed: number; limitFills: number } | null;
}

async function replay(name: BookName, variant: Variant, ops: number, rounds: number, latency = true) {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', WORKER, name, variant, String(ops), String(rounds)],
    { env: { ...process.env, BENCH_LATENCY: latency ? '1' : '0' }, maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as WorkerResult;
}

export async function benchEngine(ops: number, rounds: number, withLib: boolean) {
  const out: Record<string, unknown> = { ops, rounds };
  for (const variant of ['deep', 'thin'] as const) {
    console.log(`\n# matching engine, ${variant} stream (${ops.toLocaleString('en-US')} ops)`);
    const books: BookName[] = ['ladder', 'ladder-bare', 'engine', 'naive'];
    if (withLib) books.push('nodejs-order-book');
    // Each book runs in SESSIONS fresh processes taken in turns (ladder, engine, ..., ladder, engine,
    // ...), their rounds pooled: the machine's speed drifts over a minute by more than the goal's
    // margin, and books measured one after the other each got a different machine. The library is
    // ~100x slower: one round per session, no separate latency pass.
    const merged = new Map<BookName, WorkerResult>();
    for (let session = 0; session < SESSIONS; session++) {
      for (const b of books) {
        const lib = b === 'nodejs-order-book';
        const r = await replay(b, variant, ops, lib ? 1 : rounds, !lib && session === 0);
        const m = merged.get(b);
        if (!m) merged.set(b, r);
        else {
          m.ms.push(...r.ms);
          m.cpuMs.push(...r.cpuMs);
          m.coldCpuMs.push(...r.coldCpuMs);
        }
      }
    }
    const results = books.map((b) => merged.get(b)!);
    const fills = new Set(results.map((r) => r.fills));
    const agree = fills.size === 1;
    if (!agree) console.log(`! fill counts differ: ${results.map((r) => `${r.name} ${r.fills}`).join(', ')}`);
    const restingAgree = new Set(results.map((r) => r.resting)).size === 1;
    if (!restingAgree)
      console.log(`! resting orders differ: ${results.map((r) => `${r.name} ${r.resting}`).join(', ')}`);
    const cross = results.find((r) => r.crossing)?.crossing ?? null;
    if (cross)
      console.log(
        `${results[0]!.fills.toLocaleString('en-US')} fills; ${cross.crossed.toLocaleString('en-US')} of ${cross.limits.toLocaleString('en-US')} limits crossed (${cross.limitFills.toLocaleString('en-US')} fills as takers); ${results[0]!.resting.toLocaleString('en-US')} resting at the end`,
      );
    // ops per second of the process's CPU time: on a shared, oversubscribed machine wall time mostly
    // measures the neighbours (wall-clock rates are kept in latest.json beside it)
    const rate = (r: WorkerResult) =>
      row(
        `${r.name} (${variant})`,
        'ops/cpu-s',
        r.cpuMs.map((ms) => (r.ops / ms) * 1000),
      );
    const rows = new Map<BookName, Row>(results.map((r) => [r.name, rate(r)]));
    const engine = rows.get('engine')!;
    const table: Row[] = [];
    for (const r of results) {
      const base = rows.get(r.name)!;
      if (r.name !== 'engine') {
        printRow(base);
        table.push(base);
      }
    }
    for (const r of results) {
      if (r.name === 'engine') continue;
      const vs = against(engine, rows.get(r.name)!, true);
      printRow({ ...vs, name: `engine vs ${r.name}` });
      table.push({ ...vs, name: `engine (${variant}) vs ${r.name}` });
    }
    // the warm-up round apart: a fresh process compiling the book's code and growing its storage
    const cold = (r: WorkerResult) => (r.coldCpuMs.length ? (r.ops / r.coldCpuMs[0]!) * 1000 : null);
    const engineCold = cold(results.find((r) => r.name === 'engine')!);
    const colds = results
      .filter((r) => r.name !== 'engine' && cold(r) !== null && engineCold !== null)
      .map((r) => `${(engineCold! / cold(r)!).toFixed(3)}x ${r.name}`);
    if (colds.length)
      console.log(`first round of a fresh process (untimed warm-up), engine vs: ${colds.join(', ')}`);
    for (const r of results) {
      if (!r.latency) continue;
      const parts = Object.entries(r.latency).map(([k, v]) => `${k} p50 ${v.p50Ns} / p99 ${v.p99Ns} ns`);
      console.log(`${r.name} latency per op (clock read included): ${parts.join('; ')}`);
    }
    out[variant] = {
      fills: results[0]!.fills,
      fillCountsEqual: agree,
      restingAtEnd: results[0]!.resting,
      restingEqual: restingAgree,
      crossing: cross,
      rows: table,
      latency: Object.fromEntries(results.map((r) => [r.name, r.latency])),
      coldOpsPerCpuSecond: Object.fromEntries(results.map((r) => [r.name, cold(r)])),
      wallOpsPerSecond: Object.fromEntries(
        results.map((r) => [
          r.name,
          row(
            r.name,
            'ops/s',
            r.ms.map((ms) => (r.ops / ms) * 1000),
          ),
        ]),
      ),
    };
  }
  return out;
}
