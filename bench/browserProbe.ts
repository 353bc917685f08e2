/// <reference lib="dom" />
// In-page probe for bench/browser.ts, injected before any page script (Playwright addInitScript). It only
// observes: long tasks (PerformanceObserver 'longtask'), order-book frame arrival -> next painted frame
// (a 'message' listener added to each WebSocket before the app's own, then requestAnimationFrame and a
// MessageChannel hop, which runs once that frame has been rendered), and the first painted live book row.
// Serialised with Function.prototype.toString, so it must stay self-contained (no imports, no closures).

export interface ProbeResult {
  longTasks: number[];
  bookLatencies: number[];
  firstBookPaint: number | null;
  fcp: number | null;
  scripts: { name: string; encoded: number; decoded: number; start: number }[];
}

export function installProbe(): void {
  const w = window as unknown as Record<string, unknown>;
  const state = {
    since: 0,
    longTasks: [] as { start: number; dur: number }[],
    lat: [] as { at: number; ms: number }[],
    firstBookPaint: null as number | null,
  };
  w.__kapiProbe = state;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, dur: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // longtask unsupported: counts stay empty
  }
  const afterPaint = (cb: () => void) => {
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => cb();
      ch.port2.postMessage(0);
    });
  };
  const Native = window.WebSocket;
  class ProbedSocket extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (ev: MessageEvent) => {
        if (typeof ev.data !== 'string' || !ev.data.includes('"orderbook"')) return;
        const at = performance.now();
        afterPaint(() => state.lat.push({ at, ms: performance.now() - at }));
      });
    }
  }
  window.WebSocket = ProbedSocket as typeof WebSocket;
  const watch = () => {
    if (state.firstBookPaint !== null) return;
    const row = document.querySelector(
      '[data-testid="orderbook"][data-status="live"] [data-testid="ob-row"]',
    );
    if (row) {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        state.firstBookPaint = performance.now();
      };
      ch.port2.postMessage(0);
      return;
    }
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}

/** Runs in the page: what the probe saw since `since` (ms, performance.now()). */
export function readProbe(since: number): ProbeResult {
  const s = (window as unknown as { __kapiProbe: Record<string, unknown> }).__kapiProbe as {
    longTasks: { start: number; dur: number }[];
    lat: { at: number; ms: number }[];
    firstBookPaint: number | null;
  };
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
  const until = s.firstBookPaint ?? performance.now();
  const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
    .filter((r) => r.name.endsWith('.js') && r.startTime <= until)
    .map((r) => ({
      name: r.name,
      encoded: r.encodedBodySize,
      decoded: r.decodedBodySize,
      start: r.startTime,
    }));
  return {
    longTasks: s.longTasks.filter((t) => t.start >= since).map((t) => t.dur),
    bookLatencies: s.lat.filter((l) => l.at >= since).map((l) => l.ms),
    firstBookPaint: s.firstBookPaint,
    fcp,
    scripts,
  };
}
