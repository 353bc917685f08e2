// HTTP routes of the session recorder, under /api/recorder (already guarded like every /api path).
//   GET  /api/recorder                                   -> RecorderState (size, frames, duration while running)
//   POST /api/recorder/start {symbols, includeAccount?, accountSeqs?}  (X-Profile picks the key for account events)
//   POST /api/recorder/stop                              -> RecorderState with `last` = the finished file
//   GET|POST /api/replay  the sandbox's replay controls (relayed to its loopback /admin/replay; sandbox
//                         upstream only: elsewhere GET answers {active:false}, POST 409 REPLAY_NOT_ACTIVE)
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isRecordSymbol, MAX_RECORD_PAIRS } from '../../core/recording/format.js';
import { relayScenario } from '../desk/scenarioRelay.js';
import type { Forwarder } from '../forward/forwarder.js';
import { readJsonObject } from '../http/body.js';
import type { RequestUrl } from '../http/requestUrl.js';
import { sendJson } from '../http/respond.js';
import type { Keystore } from '../keystore/store.js';
import type { Upstream } from '../upstreams.js';
import { launchedPairRows, recordedMarkets } from './markets.js';
import { type Recorder, RecorderRefused } from './recorder.js';

function refuse(res: ServerResponse, status: number, code: string, description: string): true {
  sendJson(res, status, { success: false, error: { code: status, message: code, description } });
  return true;
}

const ok = (res: ServerResponse, data: unknown): true => {
  sendJson(res, 200, { success: true, data });
  return true;
};

/** Returns false when the path is not ours. */
export async function handleRecorder(
  req: IncomingMessage,
  res: ServerResponse,
  url: RequestUrl,
  d: { recorder: Recorder; keystore: Keystore; forwarder: Forwarder; upstream: Upstream },
): Promise<boolean> {
  const path = url.pathname;
  const method = req.method ?? 'GET';
  if (path === '/api/replay') {
    if (method !== 'GET' && method !== 'POST')
      return refuse(res, 405, 'METHOD_NOT_ALLOWED', 'Use GET or POST.');
    const body = method === 'POST' ? await readJsonObject(req) : undefined;
    if (d.upstream.name !== 'sandbox') {
      if (method === 'GET') return ok(res, { active: false });
      return refuse(res, 409, 'REPLAY_NOT_ACTIVE', 'Replays run only on the local sandbox.');
    }
    const r = await relayScenario(d.upstream.restUrl, method, body, '/admin/replay');
    sendJson(res, r.status, r.text);
    return true;
  }
  if (path === '/api/recorder') {
    if (method !== 'GET') return refuse(res, 405, 'METHOD_NOT_ALLOWED', 'Use GET.');
    return ok(res, d.recorder.state());
  }
  if (path === '/api/recorder/stop') {
    if (method !== 'POST') return refuse(res, 405, 'METHOD_NOT_ALLOWED', 'Use POST.');
    try {
      return ok(res, await d.recorder.stop());
    } catch (e) {
      if (e instanceof RecorderRefused) return refuse(res, e.status, e.code, e.message);
      throw e;
    }
  }
  if (path !== '/api/recorder/start') return false;
  if (method !== 'POST') return refuse(res, 405, 'METHOD_NOT_ALLOWED', 'Use POST.');
  const body = await readJsonObject(req);
  const symbols = body.symbols;
  if (
    !Array.isArray(symbols) ||
    symbols.length === 0 ||
    symbols.length > MAX_RECORD_PAIRS ||
    !symbols.every(isRecordSymbol) ||
    new Set(symbols).size !== symbols.length
  )
    return refuse(
      res,
      400,
      'BAD_REQUEST',
      `symbols must be 1 to ${MAX_RECORD_PAIRS} different pairs like btc_krw.`,
    );
  if (body.includeAccount !== undefined && typeof body.includeAccount !== 'boolean')
    return refuse(res, 400, 'BAD_REQUEST', 'includeAccount must be true or false.');
  const seqs = body.accountSeqs;
  if (
    seqs !== undefined &&
    (!Array.isArray(seqs) ||
      seqs.length > 100 ||
      !seqs.every((n) => Number.isInteger(n) && n >= 1 && n <= 1000))
  )
    return refuse(res, 400, 'BAD_REQUEST', 'accountSeqs must be a list of account numbers.');
  const includeAccount = body.includeAccount === true;
  const header = req.headers['x-profile'];
  const profileId = (Array.isArray(header) ? header[0] : header) || undefined;
  const profile = includeAccount ? d.keystore.resolve(profileId) : undefined;
  if (includeAccount && !profile)
    return refuse(res, 404, 'PROFILE_NOT_FOUND', 'Recording account events needs a key profile.');
  const rows = await launchedPairRows(d.forwarder);
  const launched = rows?.map((r) => r.symbol);
  const unknown = launched ? symbols.filter((s) => !launched.includes(s)) : [];
  if (unknown.length > 0)
    return refuse(res, 400, 'INVALID_CURRENCY_PAIR', `Not a launched pair: ${unknown.join(', ')}.`);
  try {
    return ok(
      res,
      d.recorder.start({
        symbols: symbols as string[],
        includeAccount,
        markets: rows ? await recordedMarkets(d.forwarder, symbols as string[], rows) : [],
        ...(profile ? { profile } : {}),
        ...(seqs ? { accountSeqs: seqs as number[] } : {}),
      }),
    );
  } catch (e) {
    if (e instanceof RecorderRefused) return refuse(res, e.status, e.code, e.message);
    throw e;
  }
}
