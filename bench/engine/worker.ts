// One book, one stream variant, in a process of its own (so no book's JIT state or garbage slows
// another's): `node --import tsx bench/engine/worker.ts <book> <variant> <ops> <rounds>`.
// Prints one JSON line: fill count, resting orders at the end, wall and CPU ms per round (the CPU
// time of this process, which a busy machine distorts far less), per-op-type latency.
import { EngineBook, NaiveBook, NodejsOrderBook } from './books.js';
import { LadderBook } from './ladder.js';
import { BareLadderBook } from './ladderBare.js';
import {
  ADD,
  type BenchBook,
  CANCEL,
  LO,
  MARKET,
  makeStream,
  type Stream,
  type Variant,
  WIDTH,
} from './stream.js';

export type BookName = 'engine' | 'ladder' | 'ladder-bare' | 'naive' | 'nodejs-order-book';

function create(name: BookName, s: Stream): BenchBook {
  if (name === 'engine') return new EngineBook();
  if (name === 'ladder') return new LadderBook(LO, WIDTH, s.maxId);
  if (name === 'ladder-bare') return new BareLadderBook(LO, WIDTH, s.maxId);
  if (name === 'naive') return new NaiveBook();
  return new NodejsOrderBook();
}

function replay(book: BenchBook, s: Stream): number {
  const { kind, side, id, owner, price, qty, n } = s;
  let fills = 0;
  for (let i = 0; i < n; i++) {
    const k = kind[i];
    if (k === ADD) fills += book.limit(id[i]!, owner[i]!, side[i]!, price[i]!, qty[i]!);
    else if (k === CANCEL) book.cancel(id[i]!);
    else fills += book.market(owner[i]!, side[i]!, qty[i]!);
  }
  return fills;
}

/** Limits that crossed (matched something as takers) and the fills they made, for the notes. */
function crossing(book: BenchBook, s: Stream) {
  const { kind, side, id, owner, price, qty, n } = s;
  let limits = 0;
  let crossed = 0;
  let limitFills = 0;
  for (let i = 0; i < n; i++) {
    const k = kind[i];
    if (k === ADD) {
      const f = book.limit(id[i]!, owner[i]!, side[i]!, price[i]!, qty[i]!);
      limits++;
      if (f > 0) crossed++;
      limitFills += f;
    } else if (k === CANCEL) book.cancel(id[i]!);
    else book.market(owner[i]!, side[i]!, qty[i]!);
  }
  return { limits, crossed, limitFills };
}

/** Same replay with a clock read around every op (its own cost, ~tens of ns, is included). */
function latencies(book: BenchBook, s: Stream) {
  const { kind, side, id, owner, price, qty, n } = s;
  const per: number[][] = [[], [], []];
  for (let i = 0; i < n; i++) {
    const k = kind[i]!;
    const t0 = performance.now();
    if (k === ADD) book.limit(id[i]!, owner[i]!, side[i]!, price[i]!, qty[i]!);
    else if (k === CANCEL) book.cancel(id[i]!);
    else book.market(owner[i]!, side[i]!, qty[i]!);
    per[k]!.push(performance.now() - t0);
  }
  const pct = (a: number[], q: number) => {
    if (a.length === 0) return null;
    const sorted = Float64Array.from(a).sort();
    return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 1e6);
  };
  const out: Record<string, { p50Ns: number | null; p99Ns: number | null; count: number }> = {};
  for (const [k, name] of [
    [ADD, 'limit'],
    [CANCEL, 'cancel'],
    [MARKET, 'market'],
  ] as const) {
    out[name] = { p50Ns: pct(per[k]!, 0.5), p99Ns: pct(per[k]!, 0.99), count: per[k]!.length };
  }
  return out;
}

const [name, variant, opsArg, roundsArg] = process.argv.slice(2) as [BookName, Variant, string, string];
const s = makeStream(Number(opsArg), variant);
const rounds = Math.max(1, Number(roundsArg));
// The first round of a fresh process pays for compiling the book's code (V8 compiles on background
// threads, counted in the process's CPU time) and for growing its storage: it is reported apart
// (`coldCpuMs`), and the timed rounds after it are the steady state an exchange running for hours is
// in. Every book gets the same warm-up round.
const warmup = Number(process.env.BENCH_WARMUP ?? 1);
const ms: number[] = [];
const cpuMs: number[] = [];
const coldCpuMs: number[] = [];
let fills = -1;
let resting = -1;
for (let r = 0; r < warmup + rounds; r++) {
  // making the book is timed too: the ladder allocates all its arrays up front, the engine grows
  // its storage as orders arrive, and both are part of being ready for the stream
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const book = create(name, s);
  const f = replay(book, s);
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  if (r < warmup) coldCpuMs.push((c.user + c.system) / 1000);
  else {
    ms.push(wall);
    cpuMs.push((c.user + c.system) / 1000);
  }
  if (fills !== -1 && f !== fills) throw new Error(`${name}: fill count changed between rounds`);
  fills = f;
  resting = book.resting();
}
const lat = process.env.BENCH_LATENCY === '0' ? null : latencies(create(name, s), s);
// untimed, after the timed rounds
const cross = name === 'ladder' ? crossing(create(name, s), s) : null;
process.stdout.write(
  `${JSON.stringify({ name, variant, ops: s.n, fills, resting, ms, cpuMs, coldCpuMs, latency: lat, crossing: cross })}\n`,
);
