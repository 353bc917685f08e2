// Views held to the trading screen's bar (issue 20 item 3), each under the flood: the investment-results page
// (#/pnl, the demo user's 30 days of history) and the desk wall with 12 accounts. Long tasks and the
// trace-based busy share over the measured window, after the view has loaded and warmed up. Also the profile
// pass: one flood run of the trading screen traced with V8's sampling profiler, summarised by function.
import type { Browser, Page } from '@playwright/test';
import { installProbe, type ProbeResult, readProbe } from './browserProbe.js';
import { selfTimeByFunction, timelineByKind } from './browserProfile.js';
import { build, provisionAccounts, type Stack, startStack, stopStack } from './browserStack.js';
import { busiestMainThread } from './browserStats.js';

const NAME_SHIM = 'globalThis.__name = globalThis.__name || ((f) => f);';
export const WARMUP_MS = 3000;
export const TRACE_CATEGORIES = ['toplevel', '__metadata'];

/** A new page with the session cookie and the probe, at `route`. */
export async function openPage(
  browser: Browser,
  stack: Stack,
  route: string,
  size = { width: 1600, height: 1000 },
) {
  const context = await browser.newContext({ viewport: size });
  // the start URL only sets the session cookie; the measured navigation is a cold load of the app itself
  await context.request.get(stack.startUrl, { maxRedirects: 0 });
  const page = await context.newPage();
  await page.addInitScript({ content: NAME_SHIM });
  await page.addInitScript(installProbe);
  await page.goto(`${stack.proxyUrl}/${route}`, { waitUntil: 'load' });
  return { context, page };
}

/** Traces `seconds` of the page: what the probe saw meanwhile, the busy share and the raw trace events. */
export async function traceWindow(
  browser: Browser,
  page: Page,
  seconds: number,
  categories = TRACE_CATEGORIES,
) {
  const since: number = await page.evaluate(() => performance.now());
  await browser.startTracing(page, { categories });
  await page.waitForTimeout(seconds * 1000);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const probe: ProbeResult = await page.evaluate(readProbe, since);
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  return { probe, events, ...busiestMainThread(events) };
}

export interface ViewFigures {
  longTasks: number;
  longestTaskMs: number;
  busyPct: number | null;
  shown: number;
}

async function viewRun(
  browser: Browser,
  stack: Stack,
  seconds: number,
  view: { route: string; ready: (p: Page) => Promise<number>; size?: { width: number; height: number } },
): Promise<ViewFigures> {
  const { context, page } = await openPage(browser, stack, view.route, view.size);
  try {
    const shown = await view.ready(page);
    await page.waitForTimeout(WARMUP_MS);
    const w = await traceWindow(browser, page, seconds);
    return {
      longTasks: (w.probe.longTasks.length * 30) / seconds,
      longestTaskMs: w.probe.longTasks.length ? Math.max(...w.probe.longTasks) : 0,
      busyPct: w.busy === null ? null : w.busy * 100,
      shown,
    };
  } finally {
    await context.close();
  }
}

const pnlView = {
  route: '#/pnl',
  ready: async (p: Page) => {
    await p.waitForSelector('[data-testid="pnl-total"]', { timeout: 60_000 });
    // measured once the ledger's answer is on screen (the daily bars), not on the loading frame
    await p.waitForSelector('[data-testid="pnl-daily-chart"]', { timeout: 60_000 });
    return p.locator('[data-testid="pnl-daily-chart"]').count();
  },
};

const wallView = {
  route: '#/monitor',
  size: { width: 1920, height: 1080 },
  ready: async (p: Page) => {
    await p.waitForFunction(
      () => document.querySelectorAll('[data-testid="monitor-card"]').length >= 12,
      null,
      {
        timeout: 60_000,
      },
    );
    await p.click('[data-testid="wall-open"]');
    await p.waitForSelector('[data-testid="wall-mode"] [data-testid="monitor-card"]');
    return p.locator('[data-testid="wall-mode"] [data-testid="monitor-card"]').count();
  },
};

/** pnl and desk-wall runs at speed 100 (every public channel on the stack's flood). */
export async function measureViews(browser: Browser, staticDir: string, runs: number, seconds: number) {
  const out: { pnl: ViewFigures[]; wall: ViewFigures[] } = { pnl: [], wall: [] };
  const pnlStack = await startStack(staticDir, 100, ['--demo']);
  try {
    for (let i = 0; i < runs; i++) out.pnl.push(await viewRun(browser, pnlStack, seconds, pnlView));
  } finally {
    await stopStack(pnlStack);
  }
  const deskStack = await startStack(staticDir, 100);
  try {
    await provisionAccounts(deskStack, 12);
    for (let i = 0; i < runs; i++) out.wall.push(await viewRun(browser, deskStack, seconds, wallView));
  } finally {
    await stopStack(deskStack);
  }
  return out;
}

/** One flood run of the trading screen on an unminified build, traced with V8's sampling profiler. */
export async function profileFlood(browser: Browser, seconds: number) {
  const dist = build(false);
  const stack = await startStack(dist.dir, 100);
  try {
    const { context, page } = await openPage(browser, stack, '');
    try {
      await page.waitForSelector('[data-testid="orderbook"][data-status="live"] [data-testid="ob-row"]');
      await page.waitForTimeout(WARMUP_MS);
      const cats = [...TRACE_CATEGORIES, 'devtools.timeline', 'disabled-by-default-v8.cpu_profiler'];
      const w = await traceWindow(browser, page, seconds, cats);
      return {
        seconds,
        busyPct: w.busy === null ? null : Math.round(w.busy * 1000) / 10,
        selfTime: selfTimeByFunction(w.events, 40),
        timeline: w.thread ? timelineByKind(w.events, w.thread) : {},
      };
    } finally {
      await context.close();
    }
  } finally {
    await stopStack(stack);
    if (dist.temp) (await import('node:fs')).rmSync(dist.dir, { recursive: true, force: true });
  }
}
