/**
 * The REST pipeline on node:http: read the body (bounded, UTF-8 checked), route, fault hooks,
 * strict parameter parsing, authentication, permission / account checks, rate limits, handler,
 * commit, fault hook, response. Every failure is a 4xx JSON envelope; nothing escapes as a crash.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { findEndpoint, LIMIT_CLASS_RATES } from '../../core/permissions.js';
import { handleAdmin } from '../admin/admin.js';
import { remoteIp } from '../context.js';
import type { SbxInternals } from '../internals.js';
import { limitHeaders } from '../limits/limiter.js';
import { StoreFailedError } from '../store/turn.js';
import type { SbxError } from '../types.js';
import { readBody, sendError, sendJson } from './io.js';
import { parseForm } from './params.js';
import { type Call, ParamError, type Reply, type Route } from './route.js';
import { ROUTES } from './routes.js';

const AUTH_PARAMS = new Set(['timestamp', 'recvWindow', 'signature']);
/** The answer of a request over its class's rate (private classes, public, GET /v2/ip). */
const RATE_LIMITED = { status: 429, code: 'TOO_MANY_REQUESTS', description: 'Rate limit exceeded.' } as const;
const routeMap = new Map<string, Route>(ROUTES.map((r) => [`${r.method} ${r.path}`, r]));
/** Each route's accepted parameter names, made once. */
const allowedParams = new Map<Route, Set<string>>(ROUTES.map((r) => [r, new Set(r.params)]));
const knownPaths = new Set(ROUTES.map((r) => r.path));

export function makeHandler(sbx: SbxInternals) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      await handle(sbx, req, res);
    } catch (e) {
      // the store could not commit (store/turn.ts): nothing is written until a restart
      if (e instanceof StoreFailedError)
        return sendError(res, { status: 503, code: 'SERVICE_UNAVAILABLE', description: e.message });
      sbx.log(`sandbox: unexpected error ${(e as Error)?.stack ?? String(e)}`);
      sendError(res, {
        status: 400,
        code: 'BAD_REQUEST',
        description: 'The request could not be processed.',
      });
    }
  };
}

async function handle(sbx: SbxInternals, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  const qi = url.indexOf('?');
  const path = qi < 0 ? url : url.slice(0, qi);
  const rawQuery = qi < 0 ? '' : url.slice(qi + 1);
  const method = (req.method ?? 'GET').toUpperCase();
  if (req.httpVersion === '1.1' && !req.headers.host) {
    req.resume();
    return sendError(
      res,
      { status: 400, code: 'BAD_REQUEST', description: 'The Host header is required.' },
      { Connection: 'close' },
    );
  }
  if (path.startsWith('/admin/') || path === '/admin') {
    await handleAdmin(sbx, req, res, path, rawQuery);
    return;
  }
  if (path === '/v2/ip' && method === 'GET') {
    req.resume();
    answerIp(sbx, req, res);
    return;
  }
  const endpoint = findEndpoint(method, path);
  const route = routeMap.get(`${method} ${path}`);
  if (!endpoint || !route || path !== endpoint.path) {
    if (knownPaths.has(path)) {
      sendError(res, {
        status: 405,
        code: 'METHOD_NOT_ALLOWED',
        description: `${method} is not allowed on ${path}.`,
      });
    } else sendError(res, { status: 404, code: 'NOT_FOUND', description: `No endpoint ${method} ${path}.` });
    req.resume();
    return;
  }
  const cls = endpoint.limitClass;
  const fault = await sbx.faults.beforeRequest(cls, req);
  if (fault === 'drop') {
    res.socket?.destroy();
    return;
  }
  if (fault) {
    const h: Record<string, string> = {};
    if (fault.status === 429) {
      const rate = LIMIT_CLASS_RATES[cls];
      const sec = String(fault.retryAfterSec ?? 1);
      h.Ratelimit = `limit=${rate}, remaining=0, reset=${sec}`;
      h['Ratelimit-Policy'] = `${rate};w=1`;
      h['Retry-After'] = sec;
    }
    const code = fault.code ?? (fault.status === 429 ? 'TOO_MANY_REQUESTS' : 'SERVICE_UNAVAILABLE');
    sendError(res, { status: fault.status, code, description: 'Injected fault.' }, h);
    req.resume();
    return;
  }
  const body = await readBody(req);
  if (!body.ok) return sendError(res, body.error);
  const ctype = String(req.headers['content-type'] ?? '');
  if (body.text !== '' && !/^application\/x-www-form-urlencoded\s*(;.*)?$/i.test(ctype)) {
    return sendError(res, {
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      description: 'Body must be application/x-www-form-urlencoded.',
    });
  }
  const q = parseForm(rawQuery);
  if (!q.ok) return sendError(res, q.error);
  const all = parseForm(body.text, q.value);
  if (!all.ok) return sendError(res, all.error);
  const params = all.value;
  const ip = remoteIp(req);
  const now = sbx.now();
  const call: Call = { params, userId: 0, accountSeq: 1, ip, now, sbx };
  let headers: Record<string, string> = {};

  if (endpoint.auth === 'private') {
    const v = sbx.auth.verify({
      apiKey: header(req, 'x-kapi-key'),
      rawQuery,
      rawBody: body.text,
      ip,
      params,
    });
    if (!v.ok) return sendError(res, v.error);
    const key = v.value.key;
    call.key = key;
    call.userId = key.userId;
    if (endpoint.permission) {
      const pe = sbx.auth.checkPermission(key, endpoint.permission);
      if (pe) return sendError(res, pe);
    }
    const scopeErr = resolveAccount(call, endpoint.accountScope);
    if (scopeErr) return sendError(res, scopeErr);
    const bucket =
      endpoint.accountScope === 'none' ? `${cls}:${call.userId}` : `${cls}:${call.userId}:${call.accountSeq}`;
    const d = sbx.limiter.take(bucket, LIMIT_CLASS_RATES[cls], now);
    headers = limitHeaders(d);
    if (!d.allowed) return sendError(res, RATE_LIMITED, headers);
  } else if (path !== '/v2/time') {
    const d = sbx.limiter.take(`public:${ip}`, LIMIT_CLASS_RATES.public, now);
    headers = limitHeaders(d);
    if (!d.allowed) return sendError(res, RATE_LIMITED, headers);
  }

  // Unknown parameters are ignored, as the live service does (korbit-cli internal/rawapi/market.go: a
  // wrong name on candles returns the newest page); the console says so, so a typo is still seen.
  const allowed = allowedParams.get(route)!;
  for (const name of [...params.keys()]) {
    const authParam =
      endpoint.auth === 'private' &&
      (AUTH_PARAMS.has(name) || (name === 'accountSeq' && endpoint.accountScope !== 'none'));
    if (!authParam && !allowed.has(name)) {
      params.delete(name);
      sbx.log(`sandbox: ignored unknown parameter "${printable(name)}" on ${method} ${path}`);
    }
  }

  let reply: Reply;
  try {
    reply = route.handle(call);
  } catch (e) {
    if (e instanceof ParamError) return sendError(res, e.info, headers);
    throw e;
  }
  // group commit: a change is answered only once it is on disk (one fsync for all waiting); a read is
  // answered once what it may have read is committed (store/turn.ts)
  if (method !== 'GET') await sbx.store.durable();
  else sbx.store.commitTurn();
  // the turn holding what this answer reports could not be committed: it did not happen
  if (sbx.store.failed)
    throw new StoreFailedError('The sandbox store failed to commit; restart the sandbox.');
  const after = sbx.faults.afterCommit(cls);
  if (after === 'drop') {
    res.socket?.destroy();
    return;
  }
  if (after)
    return sendError(
      res,
      { status: after.status, code: after.code ?? 'SERVICE_UNAVAILABLE', description: 'Injected fault.' },
      headers,
    );
  if (!reply.ok) return sendError(res, reply.error, headers);
  sendJson(
    res,
    200,
    reply.data === undefined ? { success: true } : { success: true, data: reply.data },
    headers,
  );
}

/** A parameter name safe to print on one console line (no control characters, bounded). */
function printable(name: string): string {
  const clean = name.replace(/[^\x20-\x7e]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}

/**
 * GET /v2/ip: the caller's IP as plain text (not the JSON envelope), the way the vendor's client reads
 * it (korbit-cli internal/apiclient/ip.go). Public, counted in the public class.
 */
function answerIp(sbx: SbxInternals, req: IncomingMessage, res: ServerResponse): void {
  const ip = remoteIp(req);
  const d = sbx.limiter.take(`public:${ip}`, LIMIT_CLASS_RATES.public, sbx.now());
  const headers = limitHeaders(d);
  if (!d.allowed) {
    sendError(res, RATE_LIMITED, headers);
    return;
  }
  const text = `${ip}\n`;
  res.writeHead(200, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function resolveAccount(call: Call, scope: string): SbxError | null {
  const raw = call.params.get('accountSeq');
  let seq = 1;
  if (raw !== undefined) {
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
      return { status: 400, code: 'BAD_REQUEST', description: 'accountSeq must be a positive integer.' };
    }
    seq = Number(raw);
  } else if (scope === 'required') {
    return { status: 400, code: 'BAD_REQUEST', description: 'accountSeq is required.' };
  }
  call.accountSeq = seq;
  if (scope === 'none') return null;
  if (scope === 'main-only' && seq !== 1) {
    return {
      status: 403,
      code: 'ACCOUNT_SEQ_NOT_ALLOWED',
      description: 'Funding endpoints accept the main account (1) only.',
    };
  }
  const e = call.sbx.auth.checkAccount(call.key!, seq);
  if (e) return e;
  if (!call.sbx.users.hasAccount(call.userId, seq)) {
    return { status: 400, code: 'ACCOUNT_NOT_FOUND', description: `No account ${seq}.` };
  }
  return null;
}
