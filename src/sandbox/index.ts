/**
 * createSandbox(): the local exchange (docs/contracts.md section 2). REST under /v2, admin under
 * /admin (loopback only), WebSockets at /v2/public and /v2/private on the same port.
 */

import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerRawRefusals } from '../core/rawHttpError.js';
import { Auth } from './auth/verify.js';
import type { SandboxBus, SandboxContext } from './context.js';
import { Committer } from './exchange/commit.js';
import { MarketData } from './exchange/marketData.js';
import { MarketRegistry } from './exchange/markets.js';
import { Exchange } from './exchange/service.js';
import { Trading } from './exchange/trading.js';
import { FaultInjector } from './faults/index.js';
import { Funding } from './funding/funding.js';
import { makeHandler } from './http/server.js';
import type { SbxInternals } from './internals.js';
import { Ledger } from './ledger/ledger.js';
import { RateLimiter } from './limits/limiter.js';
import { startMarket } from './market/index.js';
import { MirroredSource } from './market/mirror/mirroredSource.js';
import { SourcedExchange } from './market/paper/exchange.js';
import { paperFront } from './market/paper/front.js';
import { createReplayedSource } from './market/replaySource.js';
import {
  type ExternalMarketSource,
  isExternal,
  type MarketSourceChoice,
  type SourceStatus,
} from './market/source.js';
import { isProfileName, PROFILE_NAMES, type ProfileName, SandboxProfile } from './profile.js';
import { type Credentials, credentialsPath, provisionDemo } from './provision.js';
import { Store } from './store/db.js';
import { Users } from './users/users.js';
import { attachWebSocket } from './ws/index.js';

export type { MarketSourceChoice, SourceStatus } from './market/source.js';
export type { ProfileName } from './profile.js';
export type { Credentials } from './provision.js';

export interface CreateSandboxOptions {
  host?: string;
  port?: number;
  dataDir: string;
  seed?: number;
  speed?: number;
  simulate?: boolean;
  historyDays?: number;
  log?: (line: string) => void;
  /** Public WebSocket publish interval per pair in ms (default 25, i.e. up to 40 book updates/s). */
  publishIntervalMs?: number;
  /** Sandbox-only: ms per funding status step (default 3000). */
  fundingStepMs?: number;
  /** Sandbox-only (tests): multiplies every rate limit (default 1). */
  rateLimitScale?: number;
  /** Sandbox-only (tests): wall clock to use instead of Date.now. */
  clock?: () => number;
  /**
   * 'standard' (default) or 'live-strict': the stricter reading of every guess in
   * docs/api-decisions.md plus TRY_AGAIN on a share of first cancels and 503 on a share of reads
   * (docs/sandbox.md, "Profiles").
   */
  profile?: ProfileName;
  /**
   * Where the public market comes from (src/sandbox/market/source.ts): `simulated` (default, the
   * sandbox's own), `mirrored` (paper mode: a real upstream's public data), `replayed` (a recording).
   */
  market?: MarketSourceChoice;
  /** Every HTTP request and WebSocket upgrade the sandbox receives (tests: who asked what). */
  onRequest?: (entry: RequestLogEntry) => void;
}

export interface RequestLogEntry {
  at: number;
  method: string;
  /** Path and query as received. */
  url: string;
  upgrade: boolean;
  userAgent?: string;
  /** Whether an X-KAPI-KEY header was sent (its value is never logged). */
  apiKey: boolean;
}

export interface Sandbox {
  restUrl: string;
  wsPublicUrl: string;
  wsPrivateUrl: string;
  adminUrl: string;
  credentials: Credentials;
  credentialsPath: string;
  close(): Promise<void>;
  /** In-process access for tests and the CLI (not part of the contract). */
  internals: SbxInternals;
  context: SandboxContext;
  /** The external market source (paper mode, replay); absent on the simulated market. */
  marketSource?: { kind: string; status(): SourceStatus; source: ExternalMarketSource };
}

function externalSource(
  choice: Exclude<MarketSourceChoice, { kind: 'simulated' }>,
  log: (line: string) => void,
): ExternalMarketSource {
  if (choice.kind === 'mirrored') {
    return new MirroredSource({
      restUrl: choice.restUrl,
      wsPublicUrl: choice.wsPublicUrl,
      ...(choice.retryMs ? { retry: choice.retryMs } : {}),
      log,
    });
  }
  return createReplayedSource(choice);
}

export async function createSandbox(opts: CreateSandboxOptions): Promise<Sandbox> {
  const log = opts.log ?? (() => {});
  if (opts.profile !== undefined && !isProfileName(opts.profile)) {
    throw new Error(`profile must be one of ${PROFILE_NAMES.join(', ')}`);
  }
  const profile = new SandboxProfile(opts.profile ?? 'standard', opts.seed ?? 1);
  const faults = new FaultInjector({ seed: opts.seed ?? 1, log, readFailShare: () => profile.readFailShare });
  const clock = opts.clock ?? Date.now;
  const now = () => clock() + faults.clockSkewMs();
  const store = new Store(opts.dataDir, log);
  const bus = new EventEmitter() as SandboxBus;
  bus.setMaxListeners(0);
  const ledger = new Ledger(store.db);
  const commit = new Committer(store, ledger, bus);
  const markets = new MarketRegistry(store, now());
  const data = new MarketData(store, now());
  const external = isExternal(opts.market) ? externalSource(opts.market, log) : undefined;
  const trading = new Trading(store, ledger, markets, data, commit, now);
  const users = new Users(store);
  trading.userStatus = (id) => users.status(id);
  // on an external source every placement passes the paper exchange's placeParams (market/paper/)
  const exchange = external
    ? new SourcedExchange(store, ledger, markets, data, trading, users, commit, now)
    : new Exchange(store, ledger, markets, data, trading, users, commit, now);
  const auth = new Auth(users, now);
  const funding = new Funding(store, ledger, commit, now, opts.fundingStepMs ?? 3000);
  const demo = provisionDemo(store, users, ledger, funding, commit, now());
  const sbx: SbxInternals = {
    store,
    ledger,
    markets,
    trading,
    exchange,
    users,
    auth,
    funding,
    commit,
    bus,
    limiter: new RateLimiter(1000, opts.rateLimitScale ?? 1),
    faults,
    profile,
    now,
    log,
    demoUserId: demo.userId,
  };
  const ctx: SandboxContext = {
    exchange,
    bus,
    auth,
    now,
    store,
    faults,
    profile,
    options: {
      seed: opts.seed ?? 1,
      speed: opts.speed ?? 1,
      simulate: opts.simulate ?? true,
      historyDays: opts.historyDays ?? 30,
      log,
      ...(opts.publishIntervalMs !== undefined ? { publishIntervalMs: opts.publishIntervalMs } : {}),
    },
    demoUserId: demo.userId,
  };

  // on an external source the exchange serves the source's market and the public streams hear its bus
  let wsCtx = ctx;
  if (external && exchange instanceof SourcedExchange) {
    exchange.attach(ctx, external);
    wsCtx = { ...ctx, bus: exchange.publicBus };
  }
  const handler = makeHandler(sbx);
  // No Host on HTTP/1.1 is refused by the handler (JSON envelope), not by Node's bare 400.
  const server = http.createServer(
    { requireHostHeader: false },
    exchange instanceof SourcedExchange ? paperFront(handler, exchange) : handler,
  );
  if (opts.onRequest) {
    const onRequest = opts.onRequest;
    const entry = (req: http.IncomingMessage, upgrade: boolean): RequestLogEntry => ({
      at: Date.now(),
      method: req.method ?? '',
      url: req.url ?? '',
      upgrade,
      ...(req.headers['user-agent'] ? { userAgent: req.headers['user-agent'] } : {}),
      apiKey: req.headers['x-kapi-key'] !== undefined,
    });
    server.prependListener('request', (req) => onRequest(entry(req, false)));
    server.prependListener('upgrade', (req) => onRequest(entry(req, true)));
  }
  server.requestTimeout = 15_000;
  server.headersTimeout = 10_000;
  // Requests Node's parser refuses, odd Expect headers and CONNECT still get the JSON error envelope.
  answerRawRefusals(server);
  const ws = attachWebSocket(server, wsCtx);
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 9999, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Always started: it seeds history (historyDays > 0) and leaves every pair unsimulated when
  // simulate is false (the admin API can switch pairs on).
  if (profile.strict) log(`sandbox: profile live-strict ${JSON.stringify(profile.state())}`);
  // the simulation runs on the sandbox's own market only; an external source feeds it instead
  const market = external ? undefined : startMarket(ctx);
  if (market) sbx.market = market;
  if (external) {
    external.start();
    log(`sandbox: market source ${external.kind} (${external.status().origin})`);
  }
  let lastPurge = 0;
  const timer = setInterval(() => {
    try {
      funding.advance();
      if (now() - lastPurge > 60_000) {
        lastPurge = now();
        trading.purge();
      }
    } catch (e) {
      log(`sandbox: housekeeping failed: ${String(e)}`);
    }
  }, 500);
  timer.unref();

  const port = (server.address() as AddressInfo).port;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  const base = `http://${hostPart}:${port}`;
  let closed = false;
  return {
    restUrl: base,
    wsPublicUrl: `ws://${hostPart}:${port}/v2/public`,
    wsPrivateUrl: `ws://${hostPart}:${port}/v2/private`,
    adminUrl: `${base}/admin`,
    credentials: demo.credentials,
    credentialsPath: credentialsPath(opts.dataDir),
    internals: sbx,
    context: ctx,
    ...(external
      ? { marketSource: { kind: external.kind, status: () => external.status(), source: external } }
      : {}),
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      market?.stop();
      if (external) {
        await external.stop();
        if (exchange instanceof SourcedExchange) exchange.detach();
      }
      await ws.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      store.close();
    },
  };
}
