// Browser figures (issues 12 and 20), measured in Chromium against the real stack (sandbox + proxy serving a
// fresh build): first load (navigation -> first painted order book, first contentful paint, initial
// JavaScript) and the trading screen under a stream at normal speed (baseline) and at speed 100 (flood, every
// public channel): long tasks, order-book frame arrival at the page's socket -> the paint that shows it
// (bench/browserProbe.ts), main-thread busy share (Chromium trace: top-level task time / wall time). Then the
// investment-results page and the desk wall with 12 accounts under the flood (long tasks, busy), and a
// profile of the flood (V8 samples from the trace, self time by function). Each figure is the median of
// several runs with its spread; the flood is read against the baseline of the same run.
//   npm run bench -- browser          (only this part)
//   BENCH_BROWSER_RUNS=3 BENCH_BROWSER_SECONDS=30 BENCH_STATIC_DIR=<built dist> (optional)
//   BENCH_BROWSER_PARTS=screen,views,profile (default all), BENCH_PROFILE_SECONDS=10
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';
import { type ProbeResult, readProbe } from './browserProbe.js';
import { build, type Stack, startStack, stopStack } from './browserStack.js';
import { percentile, type Summary, summarise } from './browserStats.js';
import {
  measureViews,
  openPage,
  profileFlood,
  traceWindow,
  type ViewFigures,
  WARMUP_MS,
} from './browserViews.js';
import { writeSection } from './results.js';

const RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_BROWSER_SECONDS ?? 30);
const PROFILE_SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 10);
const PARTS = new Set((process.env.BENCH_BROWSER_PARTS ?? 'screen,views,profile').split(','));
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface RunFigures {
  firstBookMs: number | null;
  fcpMs: number | null;
  initialJsGzipKB: number;
  initialJsWireKB: number;
  initialJsFiles: number;
  jsBeforeBookKB: number;
  longTasks: number;
  longestTaskMs: number | null;
  bookP50: number | null;
  bookP99: number | null;
  bookFrames: number;
  busyPct: number | null;
}

async function oneRun(browser: Browser, stack: Stack, staticDir: string): Promise<RunFigures> {
  const { context, page } = await openPage(browser, stack, '');
  try {
    await page.waitForSelector('[data-testid="orderbook"][data-status="live"] [data-testid="ob-row"]', {
      timeout: 30_000,
    });
    await page.waitForFunction(
      () =>
        (window as unknown as { __kapiProbe: { firstBookPaint: number | null } }).__kapiProbe.firstBookPaint,
    );
    const load: ProbeResult = await page.evaluate(readProbe, 0);
    await page.waitForTimeout(WARMUP_MS);
    const { probe: flood, busy } = await traceWindow(browser, page, SECONDS);
    // initial JS: the entry script and its modulepreloads, as index.html lists them
    const html = await (await context.request.get(`${stack.proxyUrl}/`)).text();
    const initial = [
      ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*modulepreload[^>]*\shref)="([^"]+\.js)"/g),
    ].map((m) => basename(m[1]!));
    let gz = 0;
    for (const name of initial) {
      const file = join(staticDir, 'assets', name);
      if (existsSync(file)) gz += gzipSync(readFileSync(file), { level: 9 }).length;
    }
    const wire = load.scripts.filter((s) => initial.includes(basename(new URL(s.name).pathname)));
    return {
      firstBookMs: load.firstBookPaint,
      fcpMs: load.fcp,
      initialJsGzipKB: gz / 1024,
      initialJsWireKB: wire.reduce((a, s) => a + s.encoded, 0) / 1024,
      initialJsFiles: initial.length,
      jsBeforeBookKB: load.scripts.reduce((a, s) => a + s.encoded, 0) / 1024,
      longTasks: (flood.longTasks.length * 30) / SECONDS,
      longestTaskMs: flood.longTasks.length ? Math.max(...flood.longTasks) : 0,
      bookP50: percentile(flood.bookLatencies, 50),
      bookP99: percentile(flood.bookLatencies, 99),
      bookFrames: flood.bookLatencies.length,
      busyPct: busy === null ? null : busy * 100,
    };
  } finally {
    await context.close();
  }
}

const ROWS: { key: keyof RunFigures; label: string; target: string }[] = [
  { key: 'longTasks', label: 'long tasks per 30 s', target: '0' },
  { key: 'longestTaskMs', label: 'longest long task (ms)', target: '-' },
  { key: 'bookP50', label: 'book frame -> paint p50 (ms)', target: '<= 16.7' },
  { key: 'bookP99', label: 'book frame -> paint p99 (ms)', target: '<= 33' },
  { key: 'bookFrames', label: 'book frames measured', target: '-' },
  { key: 'busyPct', label: 'main thread busy (%)', target: '<= 35' },
  { key: 'firstBookMs', label: 'navigation -> first painted book (ms)', target: '<= 1000' },
  { key: 'fcpMs', label: 'first contentful paint (ms)', target: '-' },
  { key: 'initialJsGzipKB', label: 'initial JS, gzip -9 (KB)', target: '<= 146' },
  { key: 'initialJsWireKB', label: 'initial JS on the wire (KB)', target: '-' },
  { key: 'initialJsFiles', label: 'initial JS files', target: '-' },
  { key: 'jsBeforeBookKB', label: 'all JS before first book, wire (KB)', target: '-' },
];
const VIEW_ROWS: { key: keyof ViewFigures; label: string; target: string }[] = [
  { key: 'longTasks', label: 'long tasks per 30 s', target: '0' },
  { key: 'longestTaskMs', label: 'longest long task (ms)', target: '-' },
  { key: 'busyPct', label: 'main thread busy (%)', target: '-' },
  { key: 'shown', label: 'cards / charts shown', target: '-' },
];

type Row = { metric: string; target: string; flood: Summary; baseline: Summary };
export interface BrowserBench {
  runs: number;
  seconds: number;
  rows: Row[];
  views?: {
    pnl: { metric: string; target: string; flood: Summary }[];
    wall: { metric: string; target: string; flood: Summary }[];
  };
  profile?: Awaited<ReturnType<typeof profileFlood>>;
}

async function measure(browser: Browser, staticDir: string, speed: number): Promise<RunFigures[]> {
  const stack = await startStack(staticDir, speed);
  try {
    const out: RunFigures[] = [];
    for (let i = 0; i < RUNS; i++) out.push(await oneRun(browser, stack, staticDir));
    return out;
  } finally {
    await stopStack(stack);
  }
}

const fmt = (s: Summary) => (s.median === null ? '-' : `${s.median} [${s.min}-${s.max}]`);

export async function runBrowserBench(): Promise<BrowserBench> {
  const dist = build();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: FLAGS,
  });
  const out: BrowserBench = { runs: RUNS, seconds: SECONDS, rows: [] };
  try {
    if (PARTS.has('screen')) {
      console.log(
        `# browser (Chromium, ${RUNS} runs x ${SECONDS} s each; speed 1 = baseline, speed 100 = flood)`,
      );
      const base = await measure(browser, dist.dir, 1);
      const flood = await measure(browser, dist.dir, 100);
      out.rows = ROWS.map((r) => ({
        metric: r.label,
        target: r.target,
        flood: summarise(flood.map((f) => f[r.key])),
        baseline: summarise(base.map((f) => f[r.key])),
      }));
      console.log(`${'metric'.padEnd(40)} ${'speed 100'.padStart(22)} ${'baseline'.padStart(22)}  target`);
      for (const r of out.rows)
        console.log(
          `${r.metric.padEnd(40)} ${fmt(r.flood).padStart(22)} ${fmt(r.baseline).padStart(22)}  ${r.target}`,
        );
    }
    if (PARTS.has('views')) {
      const v = await measureViews(browser, dist.dir, RUNS, SECONDS);
      const rows = (list: ViewFigures[]) =>
        VIEW_ROWS.map((r) => ({
          metric: r.label,
          target: r.target,
          flood: summarise(list.map((f) => f[r.key])),
        }));
      out.views = { pnl: rows(v.pnl), wall: rows(v.wall) };
      for (const [name, list] of Object.entries(out.views)) {
        console.log(
          `# ${name === 'pnl' ? 'investment results (#/pnl, demo history)' : 'desk wall, 12 accounts'}, speed 100`,
        );
        for (const r of list) console.log(`${r.metric.padEnd(40)} ${fmt(r.flood).padStart(22)}  ${r.target}`);
      }
    }
    if (PARTS.has('profile')) {
      out.profile = await profileFlood(browser, PROFILE_SECONDS);
      const p = out.profile;
      console.log(
        `# profile of the flood (${p.seconds} s, unminified build, busy ${p.busyPct} %): self time by function`,
      );
      for (const r of p.selfTime.rows.slice(0, 25)) {
        console.log(`${String(r.ms).padStart(9)} ms ${String(r.pct).padStart(5)} %  ${r.fn}`);
        if (r.fn.startsWith('(')) continue;
        for (const c of r.callers)
          console.log(`${''.padStart(20)}${String(c.ms).padStart(7)} ms  < ${c.path}`);
      }
      console.log(`timeline (inclusive ms): ${JSON.stringify(p.timeline)}`);
    }
    return out;
  } finally {
    await browser.close();
    if (dist.temp) rmSync(dist.dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve('bench/browser.ts')) {
  writeSection('browser', await runBrowserBench());
}
