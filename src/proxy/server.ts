import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { upgradeProblem } from '../core/rawHttpError.js';
import { ProxyError } from './errors.js';
import { guardRequest, type RequestKind } from './guard/guard.js';
import { sessionCookie, tokensEqual } from './guard/token.js';
import { type ApiDeps, handleApi } from './http/api.js';
import { parseRequestUrl } from './http/requestUrl.js';
import { SECURITY_HEADERS, sendError, sendProxyError } from './http/respond.js';
import { serveStatic } from './http/static.js';
import type { Logger } from './log.js';
import type { Relay } from './relay/relay.js';

export interface ServerDeps extends ApiDeps {
  allowedHosts: Set<string>;
  token: string;
  staticDir?: string;
  relay: Relay;
  log: Logger;
  /** A line per /api request (ProxyOptions.accessLog). */
  accessLog?: boolean;
}

/** HTTP entry: guard first, then the start URL, the API, or static files. Never throws. */
export function requestHandler(d: ServerDeps) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = d.accessLog ? Date.now() : 0;
    const url = parseRequestUrl(req.url);
    const method = req.method ?? 'GET';
    try {
      if (!url) throw new ProxyError(400, 'BAD_REQUEST', 'unparseable URL');
      const path = url.pathname;
      const cfg = { allowedHosts: d.allowedHosts, token: d.token };
      if (path === '/api' || path.startsWith('/api/')) {
        const kind: RequestKind = method === 'GET' || method === 'HEAD' ? 'api-read' : 'api-write';
        guardRequest(req, kind, cfg);
        await handleApi(req, res, url, d);
      } else if (path.startsWith('/ws/')) {
        guardRequest(req, 'static', cfg);
        sendError(res, 426, 'BAD_REQUEST', 'WebSocket upgrade required');
      } else if (path === '/' && url.searchParams.has('token')) {
        guardRequest(req, 'start', cfg);
        if (!tokensEqual(url.searchParams.get('token'), d.token)) {
          throw new ProxyError(
            401,
            'UNAUTHORIZED_SESSION',
            'wrong session token: use the start URL printed by the proxy',
          );
        }
        res.writeHead(302, {
          ...SECURITY_HEADERS,
          'Set-Cookie': sessionCookie(d.token),
          Location: '/',
          'Cache-Control': 'no-store',
        });
        res.end();
      } else {
        guardRequest(req, 'static', cfg);
        serveStatic(req, res, d.staticDir, path);
      }
    } catch (e) {
      if (e instanceof ProxyError) {
        if (e.status === 401 || e.status === 403 || e.status === 421) {
          d.log.warn(`refused ${method} ${url?.pathname ?? '?'}: ${e.code}`);
        }
        sendProxyError(res, e);
      } else {
        d.log.error(`${method} ${url?.pathname ?? '?'} failed: ${(e as Error)?.stack ?? String(e)}`);
        sendError(res, 500, 'INTERNAL_ERROR', 'the proxy failed to handle this request');
      }
    } finally {
      if (d.accessLog && url?.pathname.startsWith('/api/')) {
        d.log.info(`${method} ${url.pathname} ${res.statusCode} ${Date.now() - started}ms`);
      }
    }
  };
}

/** WebSocket upgrades: same guard (Origin required), then the relay. */
export function upgradeHandler(d: ServerDeps) {
  return (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    const url = parseRequestUrl(req.url);
    try {
      if (!url || (url.pathname !== '/ws/public' && url.pathname !== '/ws/private')) {
        throw new ProxyError(404, 'NOT_FOUND', 'no such WebSocket endpoint');
      }
      guardRequest(req, 'ws', { allowedHosts: d.allowedHosts, token: d.token });
      // a malformed upgrade gets the JSON envelope, not the WebSocket library's bare text answer
      const bad = upgradeProblem(req);
      if (bad) throw new ProxyError(bad.status, bad.code, bad.description);
      d.relay.handleUpgrade(req, socket, head, url);
    } catch (e) {
      const err = e instanceof ProxyError ? e : new ProxyError(500, 'INTERNAL_ERROR', 'upgrade failed');
      d.log.warn(`refused WebSocket ${url?.pathname ?? '?'}: ${err.code}`);
      const body = JSON.stringify({ success: false, error: { code: err.status, message: err.code } });
      socket.end(
        `HTTP/1.1 ${err.status} ${err.code}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
  };
}
