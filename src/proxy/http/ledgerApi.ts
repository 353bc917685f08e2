// Routes of the ledger and the P&L (docs/contracts.md, "Ledger and P&L"): /api/ledger/* and /api/pnl*,
// already guarded like every /api path. Answers are enveloped; the CSV export is text/csv with a BOM.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDecimalString } from '../../core/decimal.js';
import { realizedRows, taxReport } from '../../core/pnl/tax.js';
import type { AccountRef, LedgerEvent, PnlQuery } from '../../core/pnl/types.js';
import type { Keystore } from '../keystore/store.js';
import { type CsvPart, ledgerCsvBody } from '../ledger/csv.js';
import { storedCostId } from '../ledger/events.js';
import { pnlReport } from '../ledger/report.js';
import type { LedgerService } from '../ledger/service.js';
import { readJsonObject } from './body.js';
import type { RequestUrl } from './requestUrl.js';
import { sendError, sendJson, sendText } from './respond.js';

const DAY_MS = 24 * 3600_000;
const KINDS = new Set(['trade', 'deposit', 'withdrawal', 'transfer']);

class BadParam extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function ms(v: string | null, name: string): number | undefined {
  if (v === null || v === '') return undefined;
  if (!/^\d{1,16}$/.test(v)) throw new BadParam(400, 'BAD_REQUEST', `${name} must be a whole number`);
  return Number(v);
}

/** `all` (or absent) or `profileId:seq,...`; the profiles must exist. */
export function parseScope(raw: string | null | undefined, keystore: Keystore): PnlQuery['scope'] {
  if (!raw || raw === 'all') return 'all';
  const out: AccountRef[] = [];
  for (const part of raw.split(',')) {
    const m = /^([\w.-]{1,64}):(\d{1,9})$/.exec(part.trim());
    if (!m) throw new BadParam(400, 'BAD_REQUEST', `accounts: "${part}" is not profileId:accountSeq`);
    if (!keystore.get(m[1]!)) throw new BadParam(404, 'PROFILE_NOT_FOUND', `no profile ${m[1]}`);
    out.push({ profileId: m[1]!, accountSeq: Number(m[2]) });
  }
  return out;
}

function year(v: string | null): number {
  if (!v || !/^\d{4}$/.test(v) || Number(v) < 2000 || Number(v) > 2100)
    throw new BadParam(400, 'BAD_REQUEST', 'year must be 2000..2100');
  return Number(v);
}

const ok = (res: ServerResponse, data: unknown, status = 200) =>
  sendJson(res, status, { success: true, data });

/** Returns false when the path is not ours. */
export async function handleLedger(
  req: IncomingMessage,
  res: ServerResponse,
  url: RequestUrl,
  svc: LedgerService,
  keystore: Keystore,
): Promise<boolean> {
  const method = req.method ?? 'GET';
  const path = url.pathname;
  const q = url.searchParams;
  try {
    if (path === '/api/ledger/status' && method === 'GET') {
      ok(res, { now: Date.now(), accounts: svc.status() });
    } else if (path === '/api/ledger/sync' && method === 'POST') {
      const body = await readJsonObject(req);
      const list = body.accounts;
      if (list !== undefined && !(Array.isArray(list) && list.every((x) => typeof x === 'string')))
        throw new BadParam(400, 'BAD_REQUEST', 'accounts must be a list of "profileId:seq"');
      const scope = list ? parseScope((list as string[]).join(','), keystore) : 'all';
      void svc.sync.request(scope === 'all' ? undefined : scope.map((r) => `${r.profileId}:${r.accountSeq}`));
      ok(res, { accounts: svc.status() }, 202);
    } else if (path === '/api/ledger/events' && method === 'GET') {
      const scope = parseScope(q.get('accounts'), keystore);
      const from = ms(q.get('from'), 'from') ?? 0;
      const to = ms(q.get('to'), 'to') ?? Number.MAX_SAFE_INTEGER;
      const kinds = q.get('kinds') ? new Set(q.get('kinds')!.split(',')) : null;
      if (kinds && [...kinds].some((k) => !KINDS.has(k)))
        throw new BadParam(400, 'BAD_REQUEST', 'kinds: trade, deposit, withdrawal, transfer');
      const limit = ms(q.get('limit'), 'limit') ?? 500;
      if (limit < 1 || limit > 5000) throw new BadParam(400, 'BAD_REQUEST', 'limit must be 1..5000');
      const inScope = (e: LedgerEvent) =>
        scope === 'all' || scope.some((r) => r.profileId === e.profileId && r.accountSeq === e.accountSeq);
      const costs = new Map(svc.store.costs().map((c) => [c.eventId, c.costKrw]));
      const all = (await svc.eventsReady()).filter(
        (e) => e.at >= from && e.at <= to && (!kinds || kinds.has(e.kind)) && inScope(e),
      );
      all.reverse();
      const events = all.slice(0, limit).map((e) => {
        const c = e.kind === 'deposit' && e.currency !== 'krw' ? costs.get(e.id) : undefined;
        return c ? { ...e, eventId: e.id, costKrw: c } : { ...e, eventId: e.id };
      });
      ok(res, { events, truncated: all.length > limit });
    } else if (path === '/api/pnl' && method === 'GET') {
      const arrived = Date.now();
      const scope = parseScope(q.get('accounts'), keystore);
      const to = ms(q.get('to'), 'to') ?? arrived;
      const from = ms(q.get('from'), 'from') ?? to - 30 * DAY_MS;
      if (from >= to) throw new BadParam(400, 'BAD_REQUEST', 'from must be before to');
      ok(res, await pnlReport(svc, { from, to, scope, arrived }));
    } else if (path === '/api/pnl/tax' && method === 'GET') {
      const scope = parseScope(q.get('accounts'), keystore);
      const y = year(q.get('year'));
      await svc.prepare(); // holdings and prices, as the P&L reads them: the same index
      ok(res, taxReport(realizedRows((await svc.indexReady()).index, scope), y));
    } else if (path === '/api/ledger/export.csv' && method === 'GET') {
      const scope = parseScope(q.get('accounts'), keystore);
      const y = year(q.get('year'));
      const part = q.get('part') ?? 'all';
      const lang = q.get('lang') ?? 'ko';
      if (!['all', 'fills', 'flows', 'realized'].includes(part) || !['ko', 'en'].includes(lang))
        throw new BadParam(400, 'BAD_REQUEST', 'part: all|fills|flows|realized, lang: ko|en');
      await svc.prepare();
      const body = ledgerCsvBody(
        (await svc.indexReady()).index,
        scope,
        y,
        part as CsvPart,
        lang as 'ko' | 'en',
      );
      sendText(res, 200, `\uFEFF${body}`, 'text/csv; charset=utf-8', {
        'Content-Disposition': `attachment; filename="ledger-${y}${part === 'all' ? '' : `-${part}`}.csv"`,
      });
    } else if (path === '/api/ledger/costs' && method === 'GET') {
      ok(res, { costs: svc.costs() });
    } else if (path === '/api/ledger/cost' && (method === 'POST' || method === 'DELETE')) {
      await cost(req, res, method, q, svc);
    } else return false;
  } catch (e) {
    if (!(e instanceof BadParam)) throw e;
    sendError(res, e.status, e.code, e.message);
  }
  return true;
}

async function cost(
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  q: URLSearchParams,
  svc: LedgerService,
): Promise<void> {
  const body = method === 'POST' ? await readJsonObject(req) : {};
  const eventId = (method === 'POST' ? body.eventId : q.get('eventId')) as unknown;
  const profileId = (method === 'POST' ? body.profileId : q.get('profileId')) ?? undefined;
  if (typeof eventId !== 'string' || !/^[\w.:-]{1,200}$/.test(eventId))
    throw new BadParam(400, 'BAD_REQUEST', 'eventId is required');
  if (profileId !== undefined && typeof profileId !== 'string')
    throw new BadParam(400, 'BAD_REQUEST', 'profileId must be a string');
  const opening = /^opening:([^:]+):(\d+):[a-z0-9]+$/.exec(eventId);
  const owner = opening
    ? svc.accounts().find((a) => a.profileId === opening[1] && a.accountSeq === Number(opening[2]))?.owner
    : svc.findEvent(profileId, eventId)?.owner;
  if (!owner) throw new BadParam(404, 'LEDGER_EVENT_NOT_FOUND', `no ledger event ${eventId}`);
  if (method === 'DELETE') {
    svc.store.deleteCost(owner, storedCostId(eventId));
    ok(res, { eventId });
    return;
  }
  const found = opening ? null : svc.findEvent(profileId, eventId);
  if (found && (found.kind !== 'coinDeposit' || eventId.startsWith('deposit:krw:')))
    throw new BadParam(400, 'LEDGER_COST_NOT_APPLICABLE', 'a cost can be entered for a coin deposit only');
  const c = body.costKrw;
  if (!isDecimalString(c) || c.startsWith('-'))
    throw new BadParam(400, 'BAD_REQUEST', 'costKrw must be a non-negative decimal string');
  svc.store.setCost(owner, storedCostId(eventId), c);
  ok(res, { eventId, costKrw: c });
}
