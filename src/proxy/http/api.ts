import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AlertEngine } from '../alerts/engine.js';
import { handleAlerts } from '../alerts/routes.js';
import type { AlertStore } from '../alerts/store.js';
import type { Amender } from '../amend/amender.js';
import { handleAmend } from '../amend/routes.js';
import type { ConditionalEngine } from '../conditional/engine.js';
import { handleConditional } from '../conditional/routes.js';
import type { ConditionalStore } from '../conditional/store.js';
import type { Desk } from '../desk/desk.js';
import { runDoctor } from '../doctor/probe.js';
import { ProxyError } from '../errors.js';
import type { UpstreamClient } from '../forward/client.js';
import type { Forwarder } from '../forward/forwarder.js';
import { paramsFromJson, paramsFromQuery } from '../forward/params.js';
import { afterDefaultChange, handleRetry, type KeyHealthDeps } from '../health/routes.js';
import type { Keystore } from '../keystore/store.js';
import { toPublicProfile } from '../keystore/types.js';
import type { LedgerService } from '../ledger/index.js';
import type { RateLimiter } from '../limiter/limiter.js';
import { OrderCanceler } from '../orders/cancel.js';
import type { Journal } from '../orders/journal.js';
import type { OrderPlacer } from '../orders/placer.js';
import type { Recorder } from '../recorder/recorder.js';
import { handleRecorder } from '../recorder/routes.js';
import { isLiveUpstream, type Upstream } from '../upstreams.js';
import { readJsonObject } from './body.js';
import { handleLedger } from './ledgerApi.js';
import { handleMode, type ModeControl } from './modeApi.js';
import { handleProfiles } from './profilesApi.js';
import type { RequestUrl } from './requestUrl.js';
import { sendJson } from './respond.js';

export interface ApiDeps {
  keystore: Keystore;
  forwarder: Forwarder;
  client: UpstreamClient;
  placer: OrderPlacer;
  journal: Journal;
  limiter: RateLimiter;
  upstream: Upstream;
  onProfileChanged: (id: string) => void;
  /** Equity snapshots, kill switch, scenario relay (`/api/desk/...`). */
  desk?: Desk;
  /** Conditional orders (`/api/conditional...`). */
  conditional?: { engine: ConditionalEngine; store: ConditionalStore };
  /** Order amendment, cancel-then-place (`/api/amend`). */
  amend?: Amender;
  /** Price alerts (`/api/alerts...`). */
  alerts?: { engine: AlertEngine; store: AlertStore };
  /** Per-profile key problems (`profileHealth` in the session, `POST /api/profiles/:id/retry`). */
  keyHealth?: KeyHealthDeps;
  /** The account ledger and the P&L (`/api/ledger/...`, `/api/pnl...`). */
  ledger?: LedgerService;
  /** The session recorder (`/api/recorder...`, issue 22). */
  recorder?: Recorder;
  /** Sandbox / paper mode and the restart between them (`/api/mode`; npm start only). */
  mode?: ModeControl;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Routes an already-guarded /api request. */
export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: RequestUrl,
  d: ApiDeps,
): Promise<void> {
  const method = req.method ?? 'GET';
  const path = url.pathname;

  if (path.startsWith('/api/v2/')) {
    const upstreamPath = path.slice('/api'.length);
    const profileId = header(req, 'x-profile') || undefined;
    let params = paramsFromQuery(url.search);
    if (method === 'POST') params = [...params, ...paramsFromJson(await readJsonObject(req))];
    else if (method !== 'GET' && method !== 'DELETE') {
      throw new ProxyError(405, 'METHOD_NOT_ALLOWED', `${method} is not used by the v2 API`);
    }
    const result =
      method === 'POST' && upstreamPath === '/v2/orders'
        ? await d.placer.place(profileId, params)
        : method === 'DELETE' && upstreamPath === '/v2/orders'
          ? await new OrderCanceler(d.forwarder).cancelForBrowser(profileId, params)
          : await d.forwarder.execute({ method, path: upstreamPath, params, profileId, passThrough: true });
    return sendJson(res, result.status, result.text, result.headers);
  }

  if (path.startsWith('/api/desk/') && d.desk) return d.desk.handle(req, res, url);
  if (path === '/api/session' && method === 'GET') {
    const restUrl = d.upstream.restUrl;
    const clock = d.forwarder.clock(restUrl);
    return sendJson(res, 200, {
      upstream: { name: d.upstream.name, restUrl, live: isLiveUpstream(d.upstream) },
      profiles: d.keystore.list().map(toPublicProfile),
      defaultProfileId: d.keystore.defaultProfileId,
      clockOffsetMs: Math.round(clock.offsetMs),
      recvWindow: d.forwarder.recvWindow ?? 5000,
      profileHealth: d.keyHealth?.snapshot() ?? {},
    });
  }
  if (path === '/api/doctor' && method === 'GET') {
    const id = url.searchParams.get('profile') || undefined;
    const profile = d.keystore.resolve(id);
    if (id && !profile) throw new ProxyError(404, 'PROFILE_NOT_FOUND', 'no profile with that id');
    const report = await runDoctor(
      { forwarder: d.forwarder, client: d.client, recvWindow: d.forwarder.recvWindow ?? 5000 },
      profile,
    );
    return sendJson(res, 200, report);
  }
  if (path === '/api/ratelimits' && method === 'GET') {
    return sendJson(res, 200, { entries: d.limiter.entries() });
  }
  if (path === '/api/journal' && method === 'GET') {
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const entries = d.journal.recent(limit).map((i) => ({
      clientOrderId: i.clientOrderId,
      profileId: i.profileId,
      accountSeq: i.accountSeq,
      symbol: i.symbol,
      state: i.state,
      ...(i.orderId !== undefined ? { orderId: i.orderId } : {}),
      ...(i.error !== undefined ? { error: i.error } : {}),
      createdAt: i.createdAt,
    }));
    return sendJson(res, 200, { entries });
  }
  if (d.keyHealth && handleRetry(req, res, path, d.keystore, d.keyHealth)) return;
  if (path === '/api/profiles' || path.startsWith('/api/profiles/')) {
    const before = d.keystore.defaultProfileId;
    await handleProfiles(req, res, path, d.keystore, d.onProfileChanged, d.forwarder);
    if (d.keyHealth) afterDefaultChange(before, d.keystore.defaultProfileId, d.keyHealth);
    return;
  }
  if (path === '/api/amend' && d.amend && (await handleAmend(req, res, url, d.amend))) return;
  if (path.startsWith('/api/conditional') && d.conditional) {
    if (await handleConditional(req, res, url, d.conditional.engine, d.conditional.store)) return;
  }
  if (path.startsWith('/api/alerts') && d.alerts) {
    if (await handleAlerts(req, res, url, d.alerts.engine, d.alerts.store)) return;
  }
  if (/^\/api\/(ledger\/|pnl($|\/))/.test(path) && d.ledger) {
    if (await handleLedger(req, res, url, d.ledger, d.keystore)) return;
  }
  if (
    /^\/api\/(recorder|replay)(\/|$)/.test(path) &&
    d.recorder &&
    (await handleRecorder(req, res, url, { ...d, recorder: d.recorder }))
  )
    return;
  if (path === '/api/mode' && d.mode) return handleMode(req, res, d.mode);
  throw new ProxyError(404, 'NOT_FOUND', 'no such proxy endpoint');
}
