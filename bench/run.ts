// `npm run bench`: every figure with its median, spread and a baseline measured in the same run,
// because this machine is small and noisy. Sections (all by default, or name some:
// `npm run bench -- engine server`): engine, server, publish, misc, pnl (bench/pnl/), browser (Chromium,
// bench/browser.ts); soak (proxy RSS with 10 profiles streaming, bench/server/soak.ts) only when named.
// Results go to bench/results/latest.json, one key per section, merged with what other benches wrote there.
// No thresholds here: the numbers are for the notes and the README.
import { runBrowserBench } from './browser.js';
import { benchEngine } from './engine/index.js';
import { benchMisc } from './misc.js';
import { benchPnl } from './pnl/index.js';
import { RESULTS_PATH, writeSection } from './results.js';
import { benchServer } from './server/index.js';
import { benchPublish } from './server/publish.js';
import { benchProxySoak } from './server/soak.js';

const all = ['engine', 'server', 'publish', 'misc', 'pnl', 'browser'];
// `soak` (the proxy's RSS with 10 profiles streaming, SOAK_MINUTES long, 10 by default) runs only when named
const named = process.argv.slice(2).filter((a) => all.includes(a) || a === 'soak');
const want = new Set(named.length ? named : all);
const env = (k: string, d: number) => Number(process.env[k] ?? d);

if (want.has('engine')) {
  const r = await benchEngine(
    env('BENCH_OPS', 1_000_000),
    env('BENCH_ROUNDS', 5),
    process.env.BENCH_LIB !== '0',
  );
  writeSection('engine', r);
}
if (want.has('server')) {
  const r = await benchServer({
    n: env('BENCH_HTTP', 1000),
    nPaced: env('BENCH_PACED', 400),
    proxyRounds: env('BENCH_PROXY_ROUNDS', 5),
    pace: env('BENCH_PACE', 40),
    rounds: env('BENCH_ROUNDS', 3),
    placements: env('BENCH_PLACEMENTS', 4000),
  });
  writeSection('server', r);
}
if (want.has('publish')) writeSection('publish', await benchPublish(env('BENCH_PUBLISH_S', 5), 3));
if (want.has('misc')) writeSection('misc', benchMisc());
if (want.has('pnl'))
  writeSection('pnl', await benchPnl(env('BENCH_PNL_FILLS', 100_000), 10, env('BENCH_ROUNDS', 7)));
if (want.has('browser')) writeSection('browser', await runBrowserBench());
if (want.has('soak'))
  writeSection('soak', await benchProxySoak(env('SOAK_MINUTES', 10), env('SOAK_SAMPLE_S', 15)));
console.log(`\nresults: ${RESULTS_PATH}`);
