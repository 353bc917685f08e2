/** Admin HTTP API (loopback only, JSON in/out) under /admin. See docs/sandbox.md. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { remoteIp } from '../context.js';
import { readBody, sendError, sendJson } from '../http/server.js';
import type { SbxInternals } from '../internals.js';
import { ADMIN_ROUTES, AdminError } from './routes.js';

const LOOPBACK = new Set(['127.0.0.1', '::1']);

export async function handleAdmin(
  sbx: SbxInternals,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  rawQuery: string,
) {
  if (!LOOPBACK.has(remoteIp(req))) {
    req.resume();
    return sendError(res, { status: 403, code: 'FORBIDDEN', description: 'The admin API is loopback only.' });
  }
  const method = (req.method ?? 'GET').toUpperCase();
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
