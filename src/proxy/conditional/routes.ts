// HTTP routes of the conditional-order engine, under /api/conditional (already guarded like /api/v2).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseDefinition } from '../../core/conditional/schema.js';
import type { CondView } from '../../core/conditional/wire.js';
import { readJsonObject } from '../http/body.js';
import type { RequestUrl } from '../http/requestUrl.js';
import { sendError, sendJson } from '../http/respond.js';
import type { ConditionalEngine } from './engine.js';
import type { Conditional } from './store.js';

/** What the browser sees of a conditional order. */
export function view(c: Conditional): CondView {
  return {
    id: c.id,
    profileId: c.profileId,
    accountSeq: c.accountSeq,
    symbol: c.def.symbol,
    kind: c.def.kind,
    definition: c.def,
    status: c.status,
    legs: c.rt.legs,
    trail: c.rt.watch.trail,
    ...(c.rt.entryOrderId !== undefined ? { entryOrderId: c.rt.entryOrderId } : {}),
    ...(c.rt.restingOrderId !== undefined ? { restingOrderId: c.rt.restingOrderId } : {}),
    ...(c.rt.restingFilled !== undefined ? { restingFilled: c.rt.restingFilled } : {}),
    ...(c.rt.fired ? { fired: c.rt.fired } : {}),
    ...(c.rt.clientOrderId ? { clientOrderId: c.rt.clientOrderId } : {}),
    ...(c.rt.orderId !== undefined ? { orderId: c.rt.orderId } : {}),
    ...(c.rt.error ? { error: c.rt.error } : {}),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function accountSeqFrom(body: Record<string, unknown>): number | null | 'bad' {
  const v = body.accountSeq;
  if (v === undefined || v === null) return null;
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 'bad';
}

/** Returns false when the path is not ours. */
export async function handleConditional(
  req: IncomingMessage,
  res: ServerResponse,
  url: RequestUrl,
  engine: ConditionalEngine,
  store: { recent(limit: number): Conditional[] },
): Promise<boolean> {
  const method = req.method ?? 'GET';
  const path = url.pathname;
  if (path === '/api/conditional/status' && method === 'GET') {
    sendJson(res, 200, { success: true, data: engine.status() });
    return true;
  }
  if (path === '/api/conditional' && method === 'GET') {
    const limit = Number(url.searchParams.get('limit') ?? 200);
    sendJson(res, 200, { success: true, data: { entries: store.recent(limit).map(view) } });
    return true;
  }
  if ((path === '/api/conditional' || path === '/api/conditional/preview') && method === 'POST') {
    const body = await readJsonObject(req);
    const parsed = parseDefinition(body.definition);
    if (!parsed.ok) {
      sendError(res, 400, 'BAD_REQUEST', parsed.reason);
      return true;
    }
    const seq = accountSeqFrom(body);
    if (seq === 'bad') {
      sendError(res, 400, 'BAD_REQUEST', 'accountSeq must be a positive integer');
      return true;
    }
    const arm = path === '/api/conditional';
    const fromBody = typeof body.profileId === 'string' && body.profileId ? body.profileId : undefined;
    const profile = header(req, 'x-profile') || fromBody;
    const { preview, conditional } = await engine.create(profile, seq, parsed.def, arm);
    if (!arm) sendJson(res, 200, { success: true, data: preview });
    else if (!conditional) sendError(res, 400, preview.error?.code ?? 'BAD_REQUEST', preview.error?.message);
    else sendJson(res, 201, { success: true, data: { conditional: view(conditional), preview } });
    return true;
  }
  const lv = /^\/api\/conditional\/([0-9a-z]{1,32})\/level$/.exec(path);
  if (lv && method === 'POST') {
    const body = await readJsonObject(req);
    const leg = body.leg;
    const level = body.level;
    if (
      typeof leg !== 'number' ||
      !Number.isInteger(leg) ||
      leg < 0 ||
      leg > 1 ||
      typeof level !== 'string' ||
      !/^\d{1,20}(\.\d{1,12})?$/.test(level)
    ) {
      sendError(res, 400, 'BAD_REQUEST', 'expected {leg: 0|1, level: "<decimal>"}');
      return true;
    }
    const r = await engine.moveLevel(lv[1]!, leg, level);
    if (r.ok) sendJson(res, 200, { success: true, data: view(r.conditional) });
    else sendError(res, r.status, r.code, r.message);
    return true;
  }
  const m = /^\/api\/conditional\/([0-9a-z]{1,32})$/.exec(path);
  if (m && method === 'DELETE') {
    const r = await engine.cancel(m[1]!);
    if (r.ok) sendJson(res, 200, { success: true, data: view(r.conditional) });
    else sendError(res, r.status, r.code, r.message);
    return true;
  }
  return false;
}
