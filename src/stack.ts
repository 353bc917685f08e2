// Starts the whole local stack: the sandbox exchange (unless an external upstream is chosen)
// and the signing proxy that serves the dashboard. Used by `npm start` and by the e2e tests.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ModeControl } from './proxy/http/modeApi.js';
import { createProxy } from './proxy/index.js';
import { createSandbox, type ProfileName, type SourceStatus } from './sandbox/index.js';

export type UpstreamChoice = 'sandbox' | 'live' | 'former' | string;

export interface StackOptions {
  dataDir: string;
  host?: string;
  sandboxPort?: number;
  proxyPort?: number;
  upstream?: UpstreamChoice;
  seed?: number;
  speed?: number;
  simulate?: boolean;
  historyDays?: number;
  /** Sandbox profile: 'standard' (default) or 'live-strict' (docs/sandbox.md, "Profiles"). */
  profile?: ProfileName;
  /** Replay a recording as the sandbox's market (issue 22 item 2; docs/sandbox.md "Record and replay"). */
  replay?: { file: string; speed?: number };
  /**
   * Paper mode (issue 22 item 1; docs/sandbox.md "Paper mode"): the sandbox's public market mirrors
   * `source` (a v2 base URL; default the live exchange) and the proxy calls its upstream `paper`.
   * Pass the paper data directory as dataDir (`npm start -- --paper` uses <data-dir>/paper).
   */
  paper?: { source?: string };
  /** Sandbox / paper mode and the restart between them, served by the proxy as /api/mode. */
  mode?: ModeControl;
  staticDir?: string;
  token?: string;
  /** Keystore passphrase (else KAPI_PASSPHRASE); `npm start` asks for it when the keystore is sealed. */
  passphrase?: string;
  log?: (line: string) => void;
  /** The proxy's line per /api request (`npm start -- --access-log`). */
  accessLog?: boolean;
}

export interface Stack {
  startUrl: string;
  proxyUrl: string;
  upstreamName: string;
  sandbox?: Awaited<ReturnType<typeof createSandbox>>;
  close(): Promise<void>;
}

export const LIVE_UPSTREAMS = {
  live: {
    name: 'live' as const,
    restUrl: 'https://api.digitalx.miraeasset.com',
    wsPublicUrl: 'wss://ws-api.digitalx.miraeasset.com/v2/public',
    wsPrivateUrl: 'wss://ws-api.digitalx.miraeasset.com/v2/private',
  },
  former: {
    name: 'former' as const,
    restUrl: 'https://api.korbit.co.kr',
    wsPublicUrl: 'wss://ws-api.korbit.co.kr/v2/public',
    wsPrivateUrl: 'wss://ws-api.korbit.co.kr/v2/private',
  },
};

/** Custom upstream from a REST base URL: ws(s)://host/v2/public and /v2/private on the same host. */
export function customUpstream(restUrl: string) {
  const u = new URL(restUrl);
  const wsProto = u.protocol === 'https:' ? 'wss:' : 'ws:';
  const base = `${wsProto}//${u.host}`;
  return {
    name: 'custom' as const,
    restUrl: `${u.protocol}//${u.host}`,
    wsPublicUrl: `${base}/v2/public`,
    wsPrivateUrl: `${base}/v2/private`,
  };
}

function isAddrInUse(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === 'EADDRINUSE';
}

/** Tries the preferred port, then the next ones (port 0 means any free port). */
async function onFreePort<T>(preferred: number, start: (port: number) => Promise<T>): Promise<T> {
  if (preferred === 0) return start(0);
  for (let port = preferred; port < preferred + 20; port++) {
    try {
      return await start(port);
    } catch (err) {
      if (!isAddrInUse(err)) throw err;
    }
  }
  return start(0);
}

export async function startStack(opts: StackOptions): Promise<Stack> {
  const dataDir = resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? (() => {});
  const choice = opts.upstream ?? 'sandbox';

  let sandbox: Stack['sandbox'];
  let upstream: Parameters<typeof createProxy>[0]['upstream'];
  if (choice === 'sandbox') {
    sandbox = await onFreePort(opts.sandboxPort ?? 9999, (port) =>
      createSandbox({
        host,
        port,
        dataDir: join(dataDir, '.sandbox'),
        seed: opts.seed,
        speed: opts.speed,
        simulate: opts.simulate,
        historyDays: opts.historyDays,
        ...(opts.profile !== undefined ? { profile: opts.profile } : {}),
        ...(opts.replay ? { market: { kind: 'replayed' as const, ...opts.replay }, historyDays: 0 } : {}),
        ...(opts.paper ? { market: paperMarket(opts.paper.source), historyDays: 0 } : {}),
        log,
      }),
    );
    upstream = {
      name: opts.paper ? 'paper' : 'sandbox',
      restUrl: sandbox.restUrl,
      wsPublicUrl: sandbox.wsPublicUrl,
      wsPrivateUrl: sandbox.wsPrivateUrl,
    };
  } else if (choice === 'live' || choice === 'former') {
    upstream = LIVE_UPSTREAMS[choice];
  } else {
    upstream = customUpstream(choice);
  }

  let proxy: Awaited<ReturnType<typeof createProxy>>;
  try {
    proxy = await onFreePort(opts.proxyPort ?? 8787, (port) =>
      createProxy({
        host,
        port,
        upstream,
        configDir: join(dataDir, '.proxy'),
        importCredentials: sandbox?.credentialsPath,
        staticDir: opts.staticDir ?? resolve('dist'),
        token: opts.token,
        passphrase: opts.passphrase,
        log,
        accessLog: opts.accessLog,
        equitySampleMs: 60_000, // desk equity snapshots (day P&L since 00:00 KST)
        ...(opts.mode ? { mode: opts.mode } : {}),
      }),
    );
  } catch (err) {
    await sandbox?.close();
    throw err;
  }

  return {
    startUrl: proxy.startUrl,
    proxyUrl: proxy.url,
    upstreamName: upstream.name,
    sandbox,
    async close() {
      await proxy.close();
      await sandbox?.close();
    },
  };
}

/** The market a paper sandbox mirrors: the live exchange's public API, or a v2 base URL (WS derived). */
export function paperMarket(source: string | undefined) {
  const u = source === undefined ? LIVE_UPSTREAMS.live : customUpstream(source);
  return { kind: 'mirrored' as const, restUrl: u.restUrl, wsPublicUrl: u.wsPublicUrl };
}

/** Bilingual operator lines about the paper source (start and every later change of state). */
export function paperSourceLine(s: SourceStatus): string {
  if (s.state === 'ready')
    return `모의투자(PAPER): 시세 원천 ${s.origin} 연결됨 / Paper mode: market from ${s.origin}`;
  if (s.state === 'unreachable')
    return `${s.code ?? 'PAPER_SOURCE_UNREACHABLE'}: 모의투자 시세 원천 ${s.origin}에 연결할 수 없습니다. 계속 다시 시도합니다. / The paper market's source ${s.origin} cannot be reached; retrying.${s.detail ? ` (${s.detail})` : ''}`;
  return `모의투자(PAPER): 시세 원천 ${s.origin} 연결 중 / Paper mode: connecting to ${s.origin}`;
}

/** Waits up to `ms` for the source to be ready or unreachable, prints it, and keeps printing changes. */
export async function reportPaperSource(
  ms: { status(): SourceStatus; source: { listen(l: { onStatus?(s: SourceStatus): void }): () => void } },
  log: (line: string) => void,
  waitMs = 4000,
): Promise<void> {
  const end = Date.now() + waitMs;
  while (ms.status().state === 'connecting' && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  const first = ms.status();
  (first.state === 'unreachable' ? console.error : log)(paperSourceLine(first));
  ms.source.listen({
    onStatus: (s) => (s.state === 'unreachable' ? console.error : log)(paperSourceLine(s)),
  });
}
