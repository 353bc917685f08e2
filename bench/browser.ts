// Browser figures for issue 12, measured in Chromium against the real stack (sandbox + proxy serving a fresh
// build): first load (navigation -> first painted order book, first contentful paint, initial JavaScript)
// and the trading screen under a stream at normal speed (baseline) and at speed 100 (flood): long tasks,
// order-book frame arrival -> paint, main-thread busy share (Chromium trace). Each figure is the median of
// several runs with its spread; the flood is read against the baseline of the same run.
//   npm run bench -- browser          (only this part)
//   BENCH_BROWSER_RUNS=3 BENCH_BROWSER_SECONDS=30 BENCH_STATIC_DIR=<built dist> (optional)
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';
import { installProbe, type ProbeResult, readProbe } from './browserProbe.js';
import { mainThreadBusy, percentile, type Summary, summarise } from './browserStats.js';
import { writeSection } from './results.js';

const RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_BROWSER_SECONDS ?? 30);
const WARMUP_MS = 3000;
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
// tsx keeps function names with a __name helper; the serialised probe needs it defined in the page.
const NAME_SHIM = 'globalThis.__name = globalThis.__name || ((f) => f);';

interface Stack {
  child: ChildProcess;
  dir: string;
  startUrl: string;
  proxyUrl: string;
}

async function startStack(staticDir: string, speed: number): Promise<Stack> {
  const dir = mkdtempSync(join(tmpdir(), 'kapi-bench-web-'));
  const args = ['--import', 'tsx', 'src/main.ts', '--json', '--port', '0', '--sandbox-port', '0'];
  args.push('--data-dir', dir, '--history-days', '2', '--seed', '7', '--speed', String(speed));
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, KAPI_STATIC_DIR: staticDir },
  });
  // never leave a flooding stack behind if this script is stopped
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  const ready = await new Promise<{ startUrl: string; proxyUrl: string }>((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error('stack did not start in 60 s')), 60_000);
    child.stdout?.on('data', (d) => {
      out += String(d);
      const m = /STACK_READY (\{.*\})/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(JSON.parse(m[1]!));
      }
    });
    child.on('exit', (code) => fail(new Error(`stack exited with ${code}`)));
  });
  return { child, dir, ...ready };
}

async function stopStack(s: Stack) {
  s.child.kill('SIGTERM');
  await new Promise((r) => {
    const t = setTimeout(() => r(s.child.kill('SIGKILL')), 5000);
    s.child.once('exit', () => r(clearTimeout(t)));
  });
  rmSync(s.dir, { recursive: true, force: true });
}

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
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  try {
    // the start URL only sets the session cookie; the measured navigation is a cold load of the app itself
    await context.request.get(stack.startUrl, { maxRedirects: 0 });
    const page = await context.newPage();
    await page.addInitScript({ content: NAME_SHIM });
    await page.addInitScript(installProbe);
    await page.goto(`${stack.proxyUrl}/`, { waitUntil: 'load' });
    await page.waitForSelector('[data-testid="orderbook"][data-status="live"] [data-testid="ob-row"]', {
      timeout: 30_000,
    });
    await page.waitForFunction(
      () =>
        (window as unknown as { __kapiProbe: { firstBookPaint: number | null } }).__kapiProbe.firstBookPaint,
    );
    const load: ProbeResult = await page.evaluate(readProbe, 0);
    await page.waitForTimeout(WARMUP_MS);
    const since: number = await page.evaluate(() => performance.now());
    await browser.startTracing(page, { categories: ['toplevel', '__metadata'] });
    await page.waitForTimeout(SECONDS * 1000);
    const trace = await browser.stopTracing();
    const flood: ProbeResult = await page.evaluate(readProbe, since);
    const busy = mainThreadBusy(JSON.parse(trace.toString('utf8')));
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
  { key: 'initialJsGzipKB', label: 'initial JS, gzip -9 (KB)', target: '<= 160' },
  { key: 'initialJsWireKB', label: 'initial JS on the wire (KB)', target: '-' },
  { key: 'initialJsFiles', label: 'initial JS files', target: '-' },
  { key: 'jsBeforeBookKB', label: 'all JS before first book, wire (KB)', target: '-' },
];

export interface BrowserBench {
  runs: number;
  seconds: number;
  rows: { metric: string; target: string; flood: Summary; baseline: Summary }[];
}

function build(): string {
  if (process.env.BENCH_STATIC_DIR) return resolve(process.env.BENCH_STATIC_DIR);
  const out = mkdtempSync(join(tmpdir(), 'kapi-bench-dist-'));
  execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  return out;
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

export async function runBrowserBench(): Promise<BrowserBench> {
  const staticDir = build();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: FLAGS,
  });
  try {
    console.log(
      `# browser (Chromium, ${RUNS} runs x ${SECONDS} s each; speed 1 = baseline, speed 100 = flood)`,
    );
    const base = await measure(browser, staticDir, 1);
    const flood = await measure(browser, staticDir, 100);
    const rows = ROWS.map((r) => ({
      metric: r.label,
      target: r.target,
      flood: summarise(flood.map((f) => f[r.key])),
      baseline: summarise(base.map((f) => f[r.key])),
    }));
    const fmt = (s: Summary) => (s.median === null ? '-' : `${s.median} [${s.min}-${s.max}]`);
    console.log(`${'metric'.padEnd(40)} ${'speed 100'.padStart(22)} ${'baseline'.padStart(22)}  target`);
    for (const r of rows)
      console.log(
        `${r.metric.padEnd(40)} ${fmt(r.flood).padStart(22)} ${fmt(r.baseline).padStart(22)}  ${r.target}`,
      );
    return { runs: RUNS, seconds: SECONDS, rows };
  } finally {
    await browser.close();
    if (!process.env.BENCH_STATIC_DIR) rmSync(staticDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve('bench/browser.ts')) {
  writeSection('browser', await runBrowserBench());
}
