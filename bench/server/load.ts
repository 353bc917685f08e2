// Load shapes of the server bench, driven from the bench's own process over keep-alive pools:
// sequential requests (unpaced, or paced at a fixed rate the way a dashboard polls) and a fixed
// number of requests in flight for throughput.
import type { Pool } from 'undici';

export type Req = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };

export async function once(pool: Pool, r: Req): Promise<void> {
  const res = await pool.request(r);
  const text = await res.body.text();
  if (res.statusCode !== 200 || text.includes('"success":false'))
    throw new Error(`${r.method} ${r.path.split('?')[0]} answered ${res.statusCode}: ${text.slice(0, 200)}`);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * µs per request, one request at a time. `perSecond` paces them: request i starts at i / perSecond
 * seconds (never two at once; a late one starts at once), so the processes idle between requests as
 * they do under a dashboard's polling. Without it each request follows the last one's answer.
 */
export async function latencies(
  pool: Pool,
  n: number,
  make: () => Req,
  perSecond?: number,
): Promise<number[]> {
  const out: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    if (perSecond) {
      const due = start + (i * 1000) / perSecond - performance.now();
      if (due > 0) await sleep(due);
    }
    const r = make();
    const t0 = performance.now();
    await once(pool, r);
    out.push((performance.now() - t0) * 1000);
  }
  return out;
}

/**
 * Two series measured in turns, one request at a time: a, b, a, b... so the machine's state at each
 * moment weighs on both alike (a shared, busy machine drifts within seconds). With `perSecond`, each
 * series is paced at that rate: a at i / perSecond seconds, b half a period later.
 */
export async function pairedLatencies(
  a: [Pool, () => Req],
  b: [Pool, () => Req],
  n: number,
  perSecond?: number,
): Promise<[number[], number[]]> {
  const out: [number[], number[]] = [[], []];
  const start = performance.now();
  for (let i = 0; i < 2 * n; i++) {
    if (perSecond) {
      const due = start + (i * 500) / perSecond - performance.now();
      if (due > 0) await sleep(due);
    }
    const [pool, make] = i % 2 ? b : a;
    const r = make();
    const t0 = performance.now();
    await once(pool, r);
    out[i % 2]!.push((performance.now() - t0) * 1000);
  }
  return out;
}

/** Requests per second with `inflight` requests always outstanding. */
export async function throughput(
  pool: Pool,
  total: number,
  inflight: number,
  make: (i: number) => Req,
): Promise<number> {
  let sent = 0;
  const t0 = performance.now();
  const lane = async () => {
    while (sent < total) {
      const i = sent++;
      await once(pool, make(i));
    }
  };
  await Promise.all(Array.from({ length: inflight }, lane));
  return (total / (performance.now() - t0)) * 1000;
}

export const pct = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
