// Where the renderer's main thread spends its time, from a Chromium trace taken with the V8 sampling profiler
// (category disabled-by-default-v8.cpu_profiler): the trace's ProfileChunk events carry the profile's nodes
// (call frames) and samples with time deltas; a sample's self time runs to the next sample. Summed by
// function (name, file and line), the heaviest first. Also the main thread's timeline events by kind
// (devtools.timeline: Layout, Paint, UpdateLayoutTree...), inclusive times. Pure; used by bench/browser.ts.

interface CallFrame {
  functionName?: string;
  url?: string;
  lineNumber?: number;
  columnNumber?: number;
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame?: CallFrame;
}
interface TraceEvent {
  name?: string;
  ph?: string;
  id?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  args?: {
    name?: string;
    data?: {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

export interface SelfTime {
  fn: string;
  ms: number;
  pct: number;
  /** The heaviest call paths into it (up to 4 callers, nearest first), with their share of its time. */
  callers: { path: string; ms: number }[];
}

const where = (f: CallFrame) => {
  const file = (f.url ?? '').split('/').pop() ?? '';
  const name = f.functionName || '(anonymous)';
  return file ? `${name} ${file}:${(f.lineNumber ?? 0) + 1}` : name;
};

/** Self time by function over the profile with the most non-idle time (the page's main thread). */
export function selfTimeByFunction(
  events: readonly TraceEvent[],
  top = 30,
): { totalMs: number; rows: SelfTime[] } {
  type P = {
    frames: Map<number, string>;
    parents: Map<number, number>;
    self: Map<string, number>;
    paths: Map<string, Map<string, number>>;
  };
  const profiles = new Map<string, P>();
  const pathOf = (p: P, id: number) => {
    const out: string[] = [];
    for (let at = p.parents.get(id); at !== undefined && out.length < 4; at = p.parents.get(at)) {
      const f = p.frames.get(at) ?? '';
      if (f === '(root)') break;
      out.push(f);
    }
    return out.join(' < ');
  };
  for (const e of events) {
    if (e.name !== 'ProfileChunk') continue;
    const key = `${e.pid}:${e.id}`;
    const p = profiles.get(key) ?? {
      frames: new Map(),
      parents: new Map(),
      self: new Map(),
      paths: new Map(),
    };
    profiles.set(key, p);
    const cpu = e.args?.data?.cpuProfile;
    for (const n of cpu?.nodes ?? []) {
      p.frames.set(n.id, where(n.callFrame ?? {}));
      if (n.parent !== undefined) p.parents.set(n.id, n.parent);
    }
    const samples = cpu?.samples ?? [];
    const deltas = e.args?.data?.timeDeltas ?? [];
    // a sample's time is the delta to the next sample (the last one of a chunk gets the chunk's mean)
    const mean = deltas.length ? deltas.reduce((a, b) => a + Math.max(0, b), 0) / deltas.length : 0;
    for (let i = 0; i < samples.length; i++) {
      const fn = p.frames.get(samples[i]!) ?? `node ${samples[i]}`;
      const us = i + 1 < deltas.length ? Math.max(0, deltas[i + 1]!) : mean;
      p.self.set(fn, (p.self.get(fn) ?? 0) + us);
      const byPath = p.paths.get(fn) ?? new Map<string, number>();
      p.paths.set(fn, byPath);
      const path = pathOf(p, samples[i]!);
      byPath.set(path, (byPath.get(path) ?? 0) + us);
    }
  }
  let best: P | null = null;
  let bestBusy = -1;
  for (const p of profiles.values()) {
    let busy = 0;
    for (const [fn, us] of p.self) if (fn !== '(idle)') busy += us;
    if (busy > bestBusy) {
      bestBusy = busy;
      best = p;
    }
  }
  if (!best) return { totalMs: 0, rows: [] };
  const chosen = best;
  let total = 0;
  for (const us of chosen.self.values()) total += us;
  const ms = (us: number) => Math.round(us / 100) / 10;
  const rows = [...chosen.self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([fn, us]) => ({
      fn,
      ms: ms(us),
      pct: Math.round((us / total) * 1000) / 10,
      callers: [...(chosen.paths.get(fn) ?? new Map<string, number>()).entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([path, t]) => ({ path, ms: ms(t) })),
    }));
  return { totalMs: Math.round(total / 1000), rows };
}

const KINDS = new Set([
  'FunctionCall',
  'EventDispatch',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'HitTest',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
  'ParseHTML',
  'v8.compile',
  'EvaluateScript',
]);

/** Inclusive time (ms) of the main thread's timeline events by kind, for the thread given ('pid:tid'). */
export function timelineByKind(events: readonly TraceEvent[], thread: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of events) {
    if (e.ph !== 'X' || !e.name || !KINDS.has(e.name) || `${e.pid}:${e.tid}` !== thread) continue;
    out[e.name] = Math.round(((out[e.name] ?? 0) + (e.dur ?? 0) / 1000) * 10) / 10;
  }
  return out;
}
