/** Admin HTTP API (loopback only, JSON in/out) under /admin. See docs/sandbox.md. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { remoteIp } from '../context.js';
import { readBody, sendError, sendJson } from '../http/io.js';
import type { SbxInternals } from '../internals.js';
import { ADMIN_ROUTES, AdminError } from './routes.js';

/** 127.0.0.0/8 and ::1 (IPv4-mapped addresses are normalised by remoteIp). */
export function isLoopback(ip: string): boolean {
  return ip === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}

export async function handleAdmin(
  sbx: SbxInternals,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  rawQuery: string,
) {
  if (!isLoopback(remoteIp(req))) {
    req.resume();
    return sendError(res, { status: 403, code: 'FORBIDDEN', description: 'The admin API is loopback only.' });
  }
  // Browsers send Origin on cross-site requests: no web page may drive the admin API.
  if (req.headers.origin !== undefined) {
    req.resume();
    return sendError(res, {
      status: 403,
      code: 'FORBIDDEN_ORIGIN',
      description: 'The admin API refuses browser requests.',
    });
  }
  const method = (req.method ?? 'GET').toUpperCase();
  if (method === 'POST' && !/^application\/json\s*(;.*)?$/i.test(String(req.headers['content-type'] ?? ''))) {
    req.resume();
    return sendError(res, {
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      description: 'Admin requests must be JSON.',
    });
  }
  const route = ADMIN_ROUTES.find((r) => r.path === path && r.method === method);
  if (!route) {
    req.resume();
    return sendError(res, {
      status: 404,
      code: 'NOT_FOUND',
      description: `No admin endpoint ${method} ${path}.`,
    });
  }
  const body = await readBody(req);
  if (!body.ok) return sendError(res, body.error);
  let input: Record<string, unknown> = {};
  if (body.text.trim() !== '') {
    try {
      const parsed = JSON.parse(body.text) as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      input = parsed as Record<string, unknown>;
    } catch {
      return sendError(res, { status: 400, code: 'BAD_REQUEST', description: 'Body must be a JSON object.' });
    }
  }
  for (const [k, v] of new URLSearchParams(rawQuery)) if (!(k in input)) input[k] = v;
  try {
    const data = route.handle(sbx, input);
    sendJson(res, 200, { success: true, data });
  } catch (e) {
    if (e instanceof AdminError) return sendError(res, e.info);
    throw e;
  }
}
