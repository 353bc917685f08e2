// Proxy soak (`npm run bench -- soak`): the sandbox (simulating its markets) and the proxy each in a
// process of their own; 10 profiles of 3 accounts each, every profile with a browser-like private
// socket (myOrder, myTrade, myAsset on its 3 accounts) and a public one (ticker, orderbook, trade),
// and a resting order placed and canceled through the proxy every few seconds per profile so the
// private streams and the REST path stay busy. The proxy's RSS is read from /proc every
// SOAK_SAMPLE_S seconds for SOAK_MINUTES minutes (default 10): start, middle, end and the slope
// (least squares over the samples after the first minute, and over the second half). Loopback only, bounded in time.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import WebSocket from 'ws';
import { makeAccounts } from './accounts.js';
import { startProc, stopProcs } from './index.js';
import type { SbxInfo } from './procs.js';

const PROFILES = 10;
const ACCOUNTS = 3;
const SYMBOLS = ['btc_krw', 'eth_krw', 'xrp_krw'];

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error('no VmRSS in /proc (the soak reads RSS on Linux only)');
  return Number(m[1]) / 1024;
}

/** Least-squares slope of (minute, MB). */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const num = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const den = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return den ? num / den : 0;
}

export async function benchProxySoak(minutes: number, sampleS: number) {
  const dirs = [mkdtempSync(join(tmpdir(), 'kapi-soak-sbx-')), mkdtempSync(join(tmpdir(), 'kapi-soak-px-'))];
  const children: ChildProcess[] = [];
  const pools: Pool[] = [];
  const sockets: WebSocket[] = [];
  let timer: NodeJS.Timeout | undefined;
  try {
    const sbx = await startProc<SbxInfo>({ role: 'sandbox', dataDir: dirs[0], simulate: true });
    children.push(sbx.child);
    const px = await startProc<{ url: string; token: string }>({
      role: 'proxy',
      configDir: dirs[1],
      sbx: sbx.info,
    });
    children.push(px.child);
    const direct = new Pool(sbx.info.restUrl, { connections: 2 });
    const proxy = new Pool(px.info.url, { connections: 4 });
    pools.push(direct, proxy);
    const headers = {
      cookie: `kapi_session=${px.info.token}`,
      origin: px.info.url,
      'content-type': 'application/json',
    };
    const accounts = await makeAccounts(direct, PROFILES, ACCOUNTS);
    const keys = [...new Map(accounts.map((a) => [a.apiKey, a])).values()];
    const profileIds: string[] = [];
    for (const [i, k] of keys.entries()) {
      const res = await proxy.request({
        method: 'POST',
        path: '/api/profiles',
        headers,
        body: JSON.stringify({ label: `soak ${i}`, apiKey: k.apiKey, type: 'hmac-sha256', secret: k.secret }),
      });
      const out = (await res.body.json()) as { success: boolean; data?: { profile: { id: string } } };
      if (!out.success || !out.data)
        throw new Error(`adding a soak profile failed: ${JSON.stringify(out).slice(0, 200)}`);
      profileIds.push(out.data.profile.id);
    }
    let frames = 0;
    const wsUrl = px.info.url.replace(/^http/, 'ws');
    const open = async (path: string, subs: object[]) => {
      const ws = new WebSocket(`${wsUrl}${path}`, {
        headers: { cookie: headers.cookie, origin: px.info.url },
      });
      sockets.push(ws);
      ws.on('message', () => {
        frames++;
      });
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      ws.send(JSON.stringify(subs));
    };
    const seqs = Array.from({ length: ACCOUNTS }, (_, i) => i + 1);
    for (const id of profileIds) {
      await open(`/ws/private?profile=${id}`, [
        { requestId: 1, method: 'subscribe', type: 'myOrder', accountSeqs: seqs },
        { requestId: 2, method: 'subscribe', type: 'myTrade', accountSeqs: seqs },
        { requestId: 3, method: 'subscribe', type: 'myAsset', accountSeqs: seqs },
      ]);
      await open('/ws/public', [
        { requestId: 1, method: 'subscribe', type: 'ticker', symbols: SYMBOLS },
        { requestId: 2, method: 'subscribe', type: 'orderbook', symbols: SYMBOLS },
        { requestId: 3, method: 'subscribe', type: 'trade', symbols: SYMBOLS },
      ]);
    }
    // a resting buy far below the market, then its cancel, one profile after another
    const tick = (await (
      await direct.request({ method: 'GET', path: '/v2/tickers?symbol=btc_krw' })
    ).body.json()) as {
      data: Array<{ close: string }>;
    };
    const low = String(Math.round((Number(tick.data[0]!.close) * 0.6) / 1000) * 1000);
    let turn = 0;
    let orders = 0;
    let failures = 0;
    const act = async () => {
      const id = profileIds[turn % profileIds.length]!;
      const accountSeq = (Math.floor(turn / profileIds.length) % ACCOUNTS) + 1;
      turn++;
      const h = { ...headers, 'x-profile': id };
      try {
        const res = await proxy.request({
          method: 'POST',
          path: '/api/v2/orders',
          headers: h,
          body: JSON.stringify({
            symbol: 'btc_krw',
            side: 'buy',
            orderType: 'limit',
            price: low,
            qty: '0.001',
            accountSeq,
          }),
        });
        const out = (await res.body.json()) as { success: boolean; data?: { orderId: number } };
        if (!out.success || !out.data) throw new Error('placement refused');
        const del = await proxy.request({
          method: 'DELETE',
          path: `/api/v2/orders?symbol=btc_krw&orderId=${out.data.orderId}&accountSeq=${accountSeq}`,
          headers: { cookie: headers.cookie, origin: px.info.url, 'x-profile': id },
        });
        await del.body.text();
        orders++;
      } catch {
        failures++;
      }
    };
    timer = setInterval(() => void act(), 300);

    console.log(
      `\n# proxy soak: ${PROFILES} profiles x ${ACCOUNTS} accounts streaming, ${minutes} min, RSS every ${sampleS} s`,
    );
    const t0 = performance.now();
    const samples: Array<[number, number]> = [];
    const end = t0 + minutes * 60_000;
    for (;;) {
      const min = (performance.now() - t0) / 60_000;
      const mb = rssMb(px.child.pid!);
      samples.push([min, mb]);
      console.log(
        `${min.toFixed(1).padStart(5)} min  RSS ${mb.toFixed(1)} MB  frames ${frames}  orders ${orders}  failures ${failures}`,
      );
      if (performance.now() >= end) break;
      await new Promise((r) => setTimeout(r, Math.min(sampleS * 1000, end - performance.now())));
    }
    const at = (f: number) => samples[Math.min(samples.length - 1, Math.round((samples.length - 1) * f))]![1];
    const settled = samples.filter(([m]) => m >= 1);
    const out = {
      minutes,
      profiles: PROFILES,
      accountsPerProfile: ACCOUNTS,
      rssStartMb: Math.round(at(0) * 10) / 10,
      rssMiddleMb: Math.round(at(0.5) * 10) / 10,
      rssEndMb: Math.round(at(1) * 10) / 10,
      slopeMbPerMin: Math.round(slope(settled) * 1000) / 1000,
      secondHalfSlopeMbPerMin: Math.round(slope(samples.filter(([m]) => m >= minutes / 2)) * 1000) / 1000,
      frames,
      orders,
      failures,
    };
    console.log(
      `proxy RSS start ${out.rssStartMb} MB, middle ${out.rssMiddleMb} MB, end ${out.rssEndMb} MB; slope after the first minute ${out.slopeMbPerMin} MB/min, over the second half ${out.secondHalfSlopeMbPerMin} MB/min`,
    );
    return out;
  } finally {
    if (timer) clearInterval(timer);
    for (const ws of sockets) ws.terminate();
    await Promise.all(pools.map((p) => p.close()));
    await stopProcs(children);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
