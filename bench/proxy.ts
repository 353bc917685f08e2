// Proxy overhead on loopback: the same requests sent straight to the sandbox and through the signing
// proxy, in one run, with one keep-alive client for both. Sequential requests (latency-bound), so the
// ratio is the price of the extra hop: guard, limiter, signing, forwarding and envelope check.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { signParams } from '../src/core/sign.js';
import { createProxy } from '../src/proxy/index.js';
import { createSandbox } from '../src/sandbox/index.js';

export interface ProxyBench {
  n: number;
  /** Best of the rounds, ms for n sequential requests. */
  orderbookDirect: number;
  orderbookProxy: number;
  balanceDirect: number;
  balanceProxy: number;
}

async function loop(pool: Pool, n: number, req: () => { path: string; headers: Record<string, string> }) {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const { path, headers } = req();
    const res = await pool.request({ method: 'GET', path, headers });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${text.slice(0, 200)}`);
  }
  return performance.now() - t0;
}

export async function benchProxy(n: number, rounds = 3): Promise<ProxyBench> {
  const sbxDir = mkdtempSync(join(tmpdir(), 'kapi-bench-sbx-'));
  const proxyDir = mkdtempSync(join(tmpdir(), 'kapi-bench-proxy-'));
  const pools: Pool[] = [];
  let sb: Awaited<ReturnType<typeof createSandbox>> | undefined;
  let proxy: Awaited<ReturnType<typeof createProxy>> | undefined;
  try {
    // rate limits scaled up so neither side shapes the loop (the proxy adopts the upstream's limit)
    sb = await createSandbox({
      port: 0,
      simulate: false,
      historyDays: 0,
      dataDir: sbxDir,
      rateLimitScale: 1000,
      log: () => {},
    });
    proxy = await createProxy({
      port: 0,
      upstream: {
        name: 'sandbox',
        restUrl: sb.restUrl,
        wsPublicUrl: sb.wsPublicUrl,
        wsPrivateUrl: sb.wsPrivateUrl,
      },
      configDir: proxyDir,
      importCredentials: sb.credentialsPath,
      log: () => {},
    });
    const direct = new Pool(sb.restUrl, { connections: 1, keepAliveTimeout: 30_000 });
    const viaProxy = new Pool(proxy.url, { connections: 1, keepAliveTimeout: 30_000 });
    pools.push(direct, viaProxy);
    const cookie = { cookie: `kapi_session=${proxy.token}`, 'x-profile': 'sandbox-hmac' };
    const { apiKey, secret } = sb.credentials.hmac;
    const key = { type: 'hmac-sha256' as const, secret };

    const series = {
      orderbookDirect: () => loop(direct, n, () => ({ path: '/v2/orderbook?symbol=btc_krw', headers: {} })),
      orderbookProxy: () =>
        loop(viaProxy, n, () => ({ path: '/api/v2/orderbook?symbol=btc_krw', headers: cookie })),
      balanceDirect: () =>
        loop(direct, n, () => ({
          path: `/v2/balance?${signParams([['timestamp', String(Date.now())]], key)}`,
          headers: { 'x-kapi-key': apiKey },
        })),
      balanceProxy: () => loop(viaProxy, n, () => ({ path: '/api/v2/balance', headers: cookie })),
    };
    const best: Record<keyof typeof series, number> = {
      orderbookDirect: Number.POSITIVE_INFINITY,
      orderbookProxy: Number.POSITIVE_INFINITY,
      balanceDirect: Number.POSITIVE_INFINITY,
      balanceProxy: Number.POSITIVE_INFINITY,
    };
    // warm-up (connections, JIT, clock sync, the proxy learning the upstream's limits)
    await loop(direct, 50, () => ({ path: '/v2/orderbook?symbol=btc_krw', headers: {} }));
    await loop(viaProxy, 50, () => ({ path: '/api/v2/orderbook?symbol=btc_krw', headers: cookie }));
    await loop(viaProxy, 50, () => ({ path: '/api/v2/balance', headers: cookie }));
    // rounds interleave direct and proxied series so machine noise hits both alike
    for (let r = 0; r < rounds; r++) {
      for (const k of Object.keys(series) as (keyof typeof series)[])
        best[k] = Math.min(best[k], await series[k]());
    }
    return { n, ...best };
  } finally {
    await Promise.all(pools.map((p) => p.close()));
    await proxy?.close();
    await sb?.close();
    rmSync(sbxDir, { recursive: true, force: true });
    rmSync(proxyDir, { recursive: true, force: true });
  }
}
