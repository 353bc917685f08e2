// Child-process roles for the server bench (`node --import tsx bench/server/procs.ts <role>`), so the
// client, the sandbox, the proxy and the bare relay each run in a process of their own, as deployed.
// Each role receives its options over IPC and answers { ready: ... } once listening.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { createProxy } from '../../src/proxy/index.js';
import { createSandbox } from '../../src/sandbox/index.js';

type Msg =
  | { role: 'cpu' }
  | { role: 'sandbox'; dataDir: string; simulate?: boolean }
  | { role: 'proxy'; configDir: string; sbx: SbxInfo }
  | { role: 'relay'; restUrl: string };

export interface SbxInfo {
  restUrl: string;
  wsPublicUrl: string;
  wsPrivateUrl: string;
  credentialsPath: string;
  hmac: { apiKey: string; secret: string };
  ed25519: { apiKey: string; privateKeyPem: string };
}

/** The least a relay can do: same keep-alive client as the proxy, request in, answer out. */
async function relay(restUrl: string): Promise<string> {
  const pool = new Pool(new URL(restUrl).origin, {
    connections: 16,
    keepAliveTimeout: 30_000,
    pipelining: 1,
  });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        const headers: Record<string, string> = {};
        for (const h of ['x-kapi-key', 'content-type'] as const) {
          const v = req.headers[h];
          if (typeof v === 'string') headers[h] = v;
        }
        const up = await pool.request({
          method: req.method as 'GET' | 'POST',
          path: req.url ?? '/',
          headers,
          body: chunks.length ? Buffer.concat(chunks) : undefined,
        });
        const text = await up.body.text();
        res.writeHead(up.statusCode, { 'content-type': 'application/json' });
        res.end(text);
      } catch {
        res.writeHead(502).end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** WAL fsyncs and COMMITs the sandbox has done (group commit, turn transactions), for placements per each. */
let syncs: () => number = () => 0;
let commits: () => number = () => 0;

process.on('message', async (m: Msg) => {
  if (m.role === 'cpu') {
    // CPU time used so far (user + system, µs), for CPU per request beside the wall-clock rates
    const u = process.cpuUsage();
    process.send?.({ cpuUs: u.user + u.system, syncs: syncs(), commits: commits() });
  } else if (m.role === 'sandbox') {
    const sb = await createSandbox({
      port: 0,
      simulate: m.simulate ?? false,
      historyDays: 0,
      dataDir: m.dataDir,
      rateLimitScale: 10_000,
      log: () => {},
    });
    syncs = () => sb.internals.store.syncs;
    commits = () => sb.internals.store.commits;
    const info: SbxInfo = {
      restUrl: sb.restUrl,
      wsPublicUrl: sb.wsPublicUrl,
      wsPrivateUrl: sb.wsPrivateUrl,
      credentialsPath: sb.credentialsPath,
      hmac: sb.credentials.hmac,
      ed25519: { apiKey: sb.credentials.ed25519.apiKey, privateKeyPem: sb.credentials.ed25519.privateKeyPem },
    };
    process.send?.({ ready: info });
  } else if (m.role === 'proxy') {
    const px = await createProxy({
      port: 0,
      upstream: {
        name: 'sandbox',
        restUrl: m.sbx.restUrl,
        wsPublicUrl: m.sbx.wsPublicUrl,
        wsPrivateUrl: m.sbx.wsPrivateUrl,
      },
      configDir: m.configDir,
      importCredentials: m.sbx.credentialsPath,
      log: () => {},
    });
    process.send?.({ ready: { url: px.url, token: px.token } });
  } else {
    process.send?.({ ready: { url: await relay(m.restUrl) } });
  }
});
process.on('disconnect', () => process.exit(0));
