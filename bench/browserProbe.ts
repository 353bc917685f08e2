/// <reference lib="dom" />
// In-page probe for bench/browser.ts, injected before any page script (Playwright addInitScript). It only
// observes: long tasks (PerformanceObserver 'longtask'), order-book frame arrival -> the paint that shows it,
// and the first painted live book row. Serialised with Function.prototype.toString, so it must stay
// self-contained (no imports, no closures).
//
// Frame -> paint (issue 20): a 'message' listener added to each WebSocket before the app's own notes the
// arrival time of every orderbook frame of the shown book (symbol from the book's `data-symbol`) under the
// frame's book timestamp. A MutationObserver watches the book's `data-ts` (the timestamp of the frame its
// ladder was built from, set in the same React commit as the rows): the commit that first shows a timestamp
// >= a waiting frame's is the one that shows that frame (a frame superseded before the flush is shown by
// the newer book that replaced it). The paint of that commit is the end of its rendering task: when the
// commit ran inside a frame's rendering task (requestAnimationFrame callbacks, then style, layout and paint
// in the same task), a MessageChannel message posted from the commit runs once that task, paint included,
// is done; a commit outside a rendering task waits for the next frame's rAF, then the same hop.

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
  // One channel for every hop to "the task after this one" (a new MessageChannel per hop cost the page
  // ~2 % of its main thread under the flood); callbacks run in the order they were asked for.
  const hop = new MessageChannel();
  const queued: (() => void)[] = [];
  hop.port1.onmessage = () => queued.shift()?.();
  const afterTask = (cb: () => void) => {
    queued.push(cb);
    hop.port2.postMessage(0);
  };
  // inFrame: true from the first requestAnimationFrame callback of a frame until the task after that
  // rendering task. The page's own rAF callbacks are wrapped to tell it (a rAF loop of the probe's own
  // would make Chromium run a main frame at every vsync, ~6 % of the main thread at speed 1).
  let inFrame = false;
  const endFrame = () => {
    inFrame = false;
  };
  const nativeRaf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb: FrameRequestCallback) =>
    nativeRaf((t) => {
      if (!inFrame) {
        inFrame = true;
        afterTask(endFrame);
      }
      cb(t);
    });
  // frames waiting for the commit that shows them: [book timestamp, arrival]
  let waiting: [number, number][] = [];
  let book: Element | null = null;
  const findBook = () => {
    if (!book?.isConnected) book = document.querySelector('[data-testid="orderbook"]');
    return book;
  };
  const shown = () => Number(findBook()?.getAttribute('data-ts') ?? 0);
  const onCommit = () => {
    const ts = shown();
    if (!waiting.length || !(ts > 0)) return;
    const done = waiting.filter((x) => x[0] <= ts);
    if (!done.length) return;
    waiting = waiting.filter((x) => x[0] > ts);
    const record = () => {
      const t = performance.now();
      for (const [, at] of done) state.lat.push({ at, ms: t - at });
    };
    if (inFrame) afterTask(record);
    else requestAnimationFrame(() => afterTask(record));
  };
  new MutationObserver(onCommit).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['data-ts'],
  });
  const Native = window.WebSocket;
  class ProbedSocket extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (ev: MessageEvent) => {
        if (typeof ev.data !== 'string' || !ev.data.includes('"orderbook"')) return;
        const at = performance.now();
        let f: { type?: string; symbol?: string; level?: string; data?: { timestamp?: number } };
        try {
          f = JSON.parse(ev.data);
        } catch {
          return;
        }
        const el = findBook();
        const ts = f.data?.timestamp;
        if (f.type !== 'orderbook' || !el || typeof ts !== 'number') return;
        if (f.symbol !== el.getAttribute('data-symbol')) return;
        if ((f.level ?? '') !== (el.getAttribute('data-level') ?? '')) return;
        if (ts <= shown()) return; // older than what is on screen: nothing to show
        waiting.push([ts, at]);
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
      afterTask(() => {
        state.firstBookPaint = performance.now();
      });
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
