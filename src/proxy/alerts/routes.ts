// HTTP routes of the price alerts, under /api/alerts (already guarded like every /api path).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseAlertDef, parseAlertPatch } from '../../core/alerts/schema.js';
import type { AlertView } from '../../core/alerts/types.js';
import { readJsonObject } from '../http/body.js';
import type { RequestUrl } from '../http/requestUrl.js';
import { sendError, sendJson } from '../http/respond.js';
import type { AlertEngine, AlertResult } from './engine.js';
import type { Alert, AlertStore } from './store.js';

/** What the browser sees of an alert (the evaluator's cursor stays inside). */
export function view(a: Alert): AlertView {
  return {
    id: a.id,
    symbol: a.def.symbol,
    condition: a.def.condition,
    repeat: a.def.repeat,
    cooldownSec: a.def.cooldownSec,
    ...(a.def.note ? { note: a.def.note } : {}),
    status: a.status,
    firedCount: a.firedCount,
    ...(a.lastFired ? { lastFired: a.lastFired } : {}),
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

function reply(res: ServerResponse, r: AlertResult, created = false): void {
  if (r.ok) sendJson(res, created ? 201 : 200, { success: true, data: view(r.alert) });
  else sendError(res, r.status, r.code, r.message);
}

const ids = (v: unknown): number[] | null =>
  Array.isArray(v) && v.length <= 1000 && v.every((x) => Number.isSafeInteger(x) && x > 0)
    ? (v as number[])
    : null;

/** Returns false when the path is not ours. */
export async function handleAlerts(
  req: IncomingMessage,
  res: ServerResponse,
  url: RequestUrl,
  engine: AlertEngine,
  store: AlertStore,
): Promise<boolean> {
  const method = req.method ?? 'GET';
  const path = url.pathname;
  if (path === '/api/alerts' && method === 'GET') {
    sendJson(res, 200, {
      success: true,
      data: {
        alerts: store.list().map(view),
        unseen: store.unseen(),
        lastEventId: store.lastEventId(),
        engine: engine.status(),
      },
    });
    return true;
  }
  if (path === '/api/alerts/events' && method === 'GET') {
    const raw = url.searchParams.get('since') ?? '0';
    const since = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
    if (Number.isNaN(since)) {
      sendError(res, 400, 'BAD_REQUEST', 'since must be an event id (a whole number)');
      return true;
    }
    const events = engine.events(since);
    // below `since` only when the store was replaced (a fresh config dir): the tab starts over
    const lastEventId = events.length ? events[events.length - 1]!.id : store.lastEventId();
    sendJson(res, 200, { success: true, data: { events, lastEventId } });
    return true;
  }
  if (path === '/api/alerts' && method === 'POST') {
    const parsed = parseAlertDef(await readJsonObject(req));
    if (!parsed.ok) sendError(res, 400, 'BAD_REQUEST', parsed.reason);
    else reply(res, engine.create(parsed.value), true);
    return true;
  }
  if (path === '/api/alerts/ack' && method === 'POST') {
    const body = await readJsonObject(req);
    const upTo = body.upTo;
    const list = body.ids === undefined ? undefined : ids(body.ids);
    const upToOk = upTo === undefined || (Number.isSafeInteger(upTo) && (upTo as number) >= 0);
    if (list === null || !upToOk || (list === undefined && upTo === undefined)) {
      sendError(res, 400, 'BAD_REQUEST', 'expected {ids: [eventId, ...]} or {upTo: eventId}');
      return true;
    }
    const acked = store.ack(list, upTo as number | undefined);
    sendJson(res, 200, { success: true, data: { acked } });
    return true;
  }
  const m = /^\/api\/alerts\/([0-9a-z]{1,32})$/.exec(path);
  if (m && (method === 'PATCH' || method === 'POST')) {
    const parsed = parseAlertPatch(await readJsonObject(req));
    if (!parsed.ok) sendError(res, 400, 'BAD_REQUEST', parsed.reason);
    else reply(res, engine.edit(m[1]!, parsed.value));
    return true;
  }
  if (m && method === 'DELETE') {
    if (engine.remove(m[1]!)) sendJson(res, 200, { success: true, data: { id: m[1] } });
    else sendError(res, 404, 'ALERT_NOT_FOUND', 'no alert with that id');
    return true;
  }
  return false;
}
