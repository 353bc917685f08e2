import type { IncomingMessage } from 'node:http';
import { ProxyError } from '../errors.js';
import { checkHost } from './hosts.js';
import { readCookie, SESSION_COOKIE, tokensEqual } from './token.js';

export type RequestKind = 'static' | 'api-read' | 'api-write' | 'ws' | 'start';

export interface GuardConfig {
  allowedHosts: Set<string>;
  token: string;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Layered checks, in order: Host (exact), Origin (refused when foreign, required on writes and
 * upgrades), Sec-Fetch-Site (where present), session token (cookie or X-Session-Token), and JSON
 * content type on writes. Throws ProxyError; returns the validated host:port.
 */
export function guardRequest(req: IncomingMessage, kind: RequestKind, cfg: GuardConfig): string {
  const host = checkHost(header(req, 'host'), cfg.allowedHosts);
  if (!host) throw new ProxyError(421, 'BAD_HOST', 'Host header is not an allowed loopback host:port');

  const origin = header(req, 'origin');
  const ownOrigin = `http://${host}`;
  if (origin !== undefined && origin !== ownOrigin) {
    throw new ProxyError(403, 'FORBIDDEN_ORIGIN', 'request from a foreign origin');
  }
  if ((kind === 'api-write' || kind === 'ws') && origin === undefined) {
    throw new ProxyError(403, 'FORBIDDEN_ORIGIN', 'Origin header required');
  }

  const site = header(req, 'sec-fetch-site');
  if (site !== undefined) {
    const ok =
      site === 'same-origin' ||
      (site === 'none' && (kind === 'start' || kind === 'static' || kind === 'api-read'));
    if (!ok) throw new ProxyError(403, 'FORBIDDEN_ORIGIN', `Sec-Fetch-Site ${site} refused`);
  }

  if (kind === 'static' || kind === 'start') return host;

  const given = header(req, 'x-session-token') ?? readCookie(header(req, 'cookie'), SESSION_COOKIE);
  if (!tokensEqual(given, cfg.token)) {
    throw new ProxyError(401, 'UNAUTHORIZED_SESSION', 'missing or wrong session token');
  }

  if (kind === 'api-write') {
    const raw = header(req, 'content-type');
    const ct = (raw ?? '').split(';')[0]!.trim().toLowerCase();
    // a DELETE carries no body and may omit the type; anything that is sent must be JSON
    const bodyless = req.method === 'DELETE' && raw === undefined && !hasBody(req);
    if (ct !== 'application/json' && !bodyless) {
      throw new ProxyError(415, 'UNSUPPORTED_CONTENT_TYPE', 'writes need Content-Type: application/json');
    }
  }
  return host;
}

function hasBody(req: IncomingMessage): boolean {
  const len = header(req, 'content-length');
  return header(req, 'transfer-encoding') !== undefined || (len !== undefined && len !== '0');
}
