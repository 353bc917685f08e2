import { createServer, type Server } from 'node:http';
import { answerRawRefusals } from '../core/rawHttpError.js';
import { AlertEngine } from './alerts/engine.js';
import { AlertStore } from './alerts/store.js';
import { Amender } from './amend/amender.js';
import { AmendStore } from './amend/store.js';
import { ConditionalEngine } from './conditional/engine.js';
import { ConditionalStore } from './conditional/store.js';
import { Desk } from './desk/desk.js';
import { UpstreamClient } from './forward/client.js';
import { Forwarder } from './forward/forwarder.js';
import { allowedHostSet } from './guard/hosts.js';
import { loadOrCreateSessionToken, watchSessionToken } from './guard/sessionSecret.js';
import { ProfileHealth } from './health/health.js';
import { importSandboxCredentials } from './keystore/importCredentials.js';
import { Keystore } from './keystore/store.js';
import { createLedger } from './ledger/index.js';
import { RateLimiter } from './limiter/limiter.js';
import { listen, withDevOrigins } from './listen.js';
import { createLogger } from './log.js';
import { TradeFeed } from './market/tradeFeed.js';
import type { ProxyHandle, ProxyOptions } from './options.js';
import { Journal } from './orders/journal.js';
import { OrderPlacer } from './orders/placer.js';
import { Recorder } from './recorder/recorder.js';
import { Relay } from './relay/relay.js';
import { requestHandler, upgradeHandler } from './server.js';
import { isLoopbackHostname } from './upstreams.js';

export type { ProxyHandle, ProxyOptions } from './options.js';
export type { Upstream } from './upstreams.js';
export { FORMER_UPSTREAM, LIVE_UPSTREAM, resolveUpstream } from './upstreams.js';

export async function createProxy(opts: ProxyOptions): Promise<ProxyHandle> {
  const log = createLogger(opts.log);
  const host = opts.host ?? '127.0.0.1';
  if (!isLoopbackHostname(host)) {
    if (!opts.allowNonLoopback) {
      throw new Error(`refusing to listen on ${host}: the proxy holds API keys and listens on loopback only`);
    }
    log.warn(
      `LISTENING ON NON-LOOPBACK ADDRESS ${host}: anyone who can reach it and steal the token can trade`,
    );
  }
  // kept with the keystore so open tabs survive a restart; `session rotate` replaces it (picked up live)
  let token = opts.token ?? loadOrCreateSessionToken(opts.configDir);
  log.redactor.add(token);
  let onRotated = () => {};
  const stopTokenWatch = opts.token
    ? () => {}
    : watchSessionToken(opts.configDir, (next) => {
        log.redactor.add(next);
        token = next;
        log.info('session token rotated: open tabs need the new start URL');
        onRotated();
      });

  const keystore = new Keystore(opts.configDir, opts.passphrase ?? process.env.KAPI_PASSPHRASE);
  keystore.watchSecrets((s) => log.redactor.add(s));
  keystore.load();
  if (opts.importCredentials) {
    const imported = importSandboxCredentials(keystore, opts.importCredentials);
    log.info(`imported ${imported.length} sandbox profile(s): ${imported.map((p) => p.id).join(', ')}`);
  }

  const client = new UpstreamClient(opts.timeoutMs ?? 10_000);
  const limiter = new RateLimiter(opts.maxQueue ?? 200);
  const health = new ProfileHealth();
  const forwarder = new Forwarder({
    health,
    keystore,
    client,
    limiter,
    upstream: opts.upstream,
    recvWindow: opts.recvWindow ?? 5000,
    timeoutMs: opts.timeoutMs,
    clockRefreshMs: opts.clockRefreshMs,
    log,
  });
  const journal = new Journal(opts.configDir);
  const placer = new OrderPlacer(forwarder, journal, log, { lookupDelayMs: opts.lookupDelayMs });
  const relay = new Relay({ keystore, forwarder, log, backoff: opts.relayBackoff, health });
  onRotated = () => {
    const n = relay.endSessions();
    if (n) log.info(`session token rotated: closed ${n} browser socket(s) of the old session`);
  };
  const condStore = new ConditionalStore(opts.configDir);
  // one public trade stream for both engines (conditional orders, price alerts)
  const tradeFeed = new TradeFeed(forwarder, log, opts.relayBackoff);
  const condEngine = new ConditionalEngine(
    condStore,
    placer,
    journal,
    forwarder,
    log,
    {
      crashAfterTrigger: process.env.KAPI_TEST_CRASH === 'conditional-after-trigger',
      ...opts.conditional,
    },
    tradeFeed,
  );
  const alertStore = new AlertStore(opts.configDir);
  const alertEngine = new AlertEngine(alertStore, tradeFeed, log);
  const amendStore = new AmendStore(opts.configDir);
  amendStore.markInterrupted();
  const amender = new Amender(forwarder, placer, amendStore, log);
  const desk = new Desk({
    configDir: opts.configDir,
    keystore,
    forwarder,
    upstream: opts.upstream,
    log,
    samplePeriodMs: opts.equitySampleMs,
  });

  // No Host is refused by the guard (421 BAD_HOST, JSON envelope), not by Node's bare 400.
  const server: Server = createServer({
    requestTimeout: 60_000,
    headersTimeout: 20_000,
    requireHostHeader: false,
  });
  server.keepAliveTimeout = 5000;
  let port: number;
  try {
    port = await listen(server, host, opts.port ?? 0);
  } catch (e) {
    stopTokenWatch();
    forwarder.close();
    limiter.close();
    journal.close();
    condStore.close();
    alertStore.close();
    amendStore.close();
    desk.close();
    await client.close();
    throw e;
  }
  const recorder = new Recorder({ ...opts, forwarder, keystore, log, backoff: opts.relayBackoff });
  const { service: ledger, ...sync } = createLedger(opts, { forwarder, keystore, limiter, log, desk, relay });
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  const deps = {
    allowedHosts: withDevOrigins(allowedHostSet(host, port), opts.devOrigins ?? []),
    get token() {
      return token;
    },
    staticDir: opts.staticDir,
    relay,
    log,
    accessLog: opts.accessLog === true,
    keystore,
    forwarder,
    client,
    placer,
    journal,
    limiter,
    upstream: opts.upstream,
    onProfileChanged: (id: string) => relay.dropProfile(id),
    keyHealth: { snapshot: () => health.snapshot(), retry: (id: string) => relay.retry(id) },
    desk,
    conditional: { engine: condEngine, store: condStore },
    amend: amender,
    alerts: { engine: alertEngine, store: alertStore },
    ledger,
    recorder,
    ...(opts.mode ? { mode: opts.mode } : {}),
  };
  server.on('request', requestHandler(deps));
  server.on('upgrade', upgradeHandler(deps));
  // Requests Node's parser refuses, odd Expect headers and CONNECT still get the JSON error envelope.
  answerRawRefusals(server);

  forwarder.clock(opts.upstream.restUrl); // first clock sync starts now
  if (opts.equitySampleMs) desk.start();
  alertEngine.start();
  if (opts.ledger || opts.equitySampleMs) sync.start(); // the ledger's; npm start and the CLI set equitySampleMs
  log.info(`listening on ${url}, upstream ${opts.upstream.name} ${opts.upstream.restUrl}`);

  let closed = false;
  const reconcile = async (idleMs: number) => {
    try {
      const r = await placer.reconcile(idleMs);
      if (r.placed + r.notPlaced + r.unknown > 0) {
        log.info(
          `journal reconciled: ${r.placed} placed, ${r.notPlaced} not placed, ${r.unknown} still unknown`,
        );
      }
    } catch (e) {
      if (!closed) log.warn(`journal reconciliation failed: ${(e as Error).message}`);
    }
  };
  const reconciling = reconcile(0);
  // conditional orders resume only after the journal has settled what the last run left in flight
  void reconciling.then(() => {
    if (!closed) condEngine.start();
  });
  const reconcileTimer = setInterval(() => void reconcile(120_000), 60_000);
  reconcileTimer.unref();

  return {
    url,
    get startUrl() {
      return `${url}/?token=${encodeURIComponent(token)}`;
    },
    get token() {
      return token;
    },
    internals: { keystore, journal, relay, forwarder, placer, conditional: condEngine, ledger, recorder },
    async close() {
      if (closed) return;
      closed = true;
      stopTokenWatch();
      clearInterval(reconcileTimer);
      desk.sampler.stop();
      await condEngine.close();
      await alertEngine.close();
      await sync.close(); // the ledger's
      await recorder.close();
      tradeFeed.close();
      relay.close();
      limiter.close();
      forwarder.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await client.close();
      await reconciling.catch(() => {});
      journal.close();
      condStore.close();
      alertStore.close();
      amendStore.close();
      desk.close();
    },
  };
}
