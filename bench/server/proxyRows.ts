// The proxy's signed-GET rows: `GET /v2/balance` through the signing proxy against the same call,
// signed by the client, through a bare relay (node:http + an undici Pool, keep-alive, no checks),
// each in its own process. For each key type (HMAC, ED25519) and each load (paced at a dashboard's
// rate, and unpaced), every round sends relay and proxy requests in turns (pairedLatencies), and the
// time the proxy adds is the difference of the two p50s within the round; the row is the median of
// rounds with its spread. Warm-up: 200 unpaced requests per series and side, then 5 s per series at
// each paced rate; the keys take turns going first from round to round.
import type { Pool } from 'undici';
import { type SigningKey, signParams } from '../../src/core/sign.js';
import { median, type Row, row } from '../results.js';
import { latencies, pairedLatencies, pct, type Req } from './load.js';

export interface SignedGetSetup {
  relay: Pool;
  proxy: Pool;
  token: string;
  keys: Array<{ label: 'HMAC' | 'ED25519'; profileId: string; apiKey: string; key: SigningKey }>;
  /** Control run (BENCH_CONTROL=1): `proxy` is a second bare relay, sent what the relay is sent. */
  control?: boolean;
  /** CPU time (µs) each process has used so far: read around unpaced rounds for CPU per request. */
  cpu?: { relay: () => Promise<number>; proxy: () => Promise<number> };
}

export interface LoadShape {
  label: string;
  n: number;
  perSecond?: number;
}

export async function signedGetRows(
  s: SignedGetSetup,
  loads: LoadShape[],
  rounds: number,
): Promise<{ rows: Row[]; added: Record<string, number> }> {
  const series = s.keys.flatMap((k) => {
    const viaRelay = (): Req => ({
      method: 'GET',
      path: `/v2/balance?${signParams([['timestamp', String(Date.now())]], k.key)}`,
      headers: { 'x-kapi-key': k.apiKey },
    });
    const viaProxy = (): Req => ({
      method: 'GET',
      path: '/api/v2/balance',
      headers: { cookie: `kapi_session=${s.token}`, 'x-profile': k.profileId },
    });
    return [{ k, relay: viaRelay, proxy: s.control ? viaRelay : viaProxy }];
  });
  // warm-up: connections, JIT, the proxy's clock sync and learned limits, key objects
  for (const x of series) {
    await latencies(s.relay, 200, x.relay);
    await latencies(s.proxy, 200, x.proxy);
  }
  // and a few seconds at each paced rate: the first seconds after a burst are slower for whichever
  // series comes first (measured: swapping the key order moved 70-100 µs of "added" from one key to
  // the other), so that transition is paid here, not by the first series measured
  for (const load of loads) {
    if (!load.perSecond) continue;
    for (const x of series)
      await pairedLatencies([s.relay, x.relay], [s.proxy, x.proxy], load.perSecond * 5, load.perSecond);
  }
  type Acc = {
    p50: Record<'relay' | 'proxy', number[]>;
    p99: Record<'relay' | 'proxy', number[]>;
    /** Per round: the median of proxy minus relay over the pairs sent back to back. */
    paired: number[];
  };
  const rows: Row[] = [];
  const added: Record<string, number> = {};
  for (const load of loads) {
    // CPU per request, unpaced only (idle processes spend CPU of their own between paced requests)
    const cpuOn = s.cpu && !load.perSecond ? s.cpu : undefined;
    const acc = new Map<(typeof series)[number], Acc & { cpu: Record<'relay' | 'proxy', number[]> }>();
    for (const x of series)
      acc.set(x, {
        p50: { relay: [], proxy: [] },
        p99: { relay: [], proxy: [] },
        paired: [],
        cpu: { relay: [], proxy: [] },
      });
    for (let r = 0; r < rounds; r++) {
      // each key goes first in every other round
      for (const x of r % 2 ? [...series].reverse() : series) {
        const a = acc.get(x)!;
        const c0 = cpuOn ? [await cpuOn.relay(), await cpuOn.proxy()] : [];
        const [rl, px] = await pairedLatencies(
          [s.relay, x.relay],
          [s.proxy, x.proxy],
          load.n,
          load.perSecond,
        );
        if (cpuOn) {
          a.cpu.relay.push((await cpuOn.relay()) - c0[0]!);
          a.cpu.proxy.push((await cpuOn.proxy()) - c0[1]!);
        }
        a.paired.push(median(px.map((v, i) => v - rl[i]!)));
        for (const [via, lat] of [
          ['relay', rl],
          ['proxy', px],
        ] as const) {
          lat.sort((u, v) => u - v);
          a.p50[via].push(pct(lat, 0.5));
          a.p99[via].push(pct(lat, 0.99));
        }
      }
    }
    for (const x of series) {
      const { p50, p99, cpu, paired } = acc.get(x)!;
      const name = `signed GET /v2/balance, ${x.k.label}, ${load.label}`;
      const base = row(
        `${name}, bare relay p50`,
        'µs',
        p50.relay,
        `p99 median ${Math.round(median(p99.relay))} µs`,
      );
      const px = row(`${name}, proxy p50`, 'µs', p50.proxy, `p99 median ${Math.round(median(p99.proxy))} µs`);
      const add = row(
        `${name}: proxy adds over the bare relay`,
        'µs',
        p50.proxy.map((v, i) => v - p50.relay[i]!),
      );
      rows.push(
        base,
        px,
        add,
        row(`${name}: proxy minus relay, median over requests sent back to back`, 'µs', paired),
      );
      if (cpuOn) {
        const per = (v: number[]) => v.map((q) => q / load.n);
        rows.push(
          row(`${name}, bare relay CPU per request`, 'µs', per(cpu.relay)),
          row(`${name}, proxy CPU per request`, 'µs', per(cpu.proxy)),
        );
      }
      added[`${x.k.label} ${load.label}`] = add.median;
    }
  }
  return { rows, added };
}
