// HTTP routes of amendments, under /api/amend (already guarded like /api/v2: session, Origin, JSON).
//   POST /api/amend {symbol, orderId, price?, qty?, seenFilledQty?, accountSeq?}  (X-Profile selects the key)
//   GET  /api/amend?limit=  -> recent amendments, newest first
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDecimalString } from '../../core/decimal.js';
import { readJsonObject } from '../http/body.js';
import type { RequestUrl } from '../http/requestUrl.js';
import { sendJson } from '../http/respond.js';
import { type Amender, AmendRefused } from './amender.js';

const SYMBOL_RE = /^[a-z0-9]{1,16}_[a-z0-9]{1,16}$/;
const ID_RE = /^[0-9]{1,20}$/;

function refuse(res: ServerResponse, status: number, code: string, description: string): true {
  sendJson(res, status, { success: false, error: { code: status, message: code, description } });
  return true;
}

const decimalOrUndefined = (v: unknown): string | undefined | null => {
  if (v === undefined || v === null || v === '') return undefined;
  const s = typeof v === 'number' ? String(v) : v;
  return typeof s === 'string' && isDecimalString(s) ? s : null;
};

/** Returns false when the path is not ours. */
export async function handleAmend(
  req: IncomingMessage,
  res: ServerResponse,
  url: RequestUrl,
  amender: Amender,
): Promise<boolean> {
  if (url.pathname !== '/api/amend') return false;
  const method = req.method ?? 'GET';
  if (method === 'GET') {
    const limit = Number(url.searchParams.get('limit') ?? 50);
    sendJson(res, 200, { success: true, data: { entries: amender.recent(limit) } });
    return true;
  }
  if (method !== 'POST') return refuse(res, 405, 'METHOD_NOT_ALLOWED', 'Use GET or POST.');
  const body = await readJsonObject(req);
  const symbol = typeof body.symbol === 'string' ? body.symbol : '';
  const orderId = typeof body.orderId === 'number' ? String(body.orderId) : body.orderId;
  if (!SYMBOL_RE.test(symbol)) return refuse(res, 400, 'BAD_REQUEST', 'symbol must look like btc_krw.');
  if (typeof orderId !== 'string' || !ID_RE.test(orderId))
    return refuse(res, 400, 'BAD_REQUEST', 'orderId must be the numeric order id.');
  const price = decimalOrUndefined(body.price);
  const qty = decimalOrUndefined(body.qty);
  const seen = decimalOrUndefined(body.seenFilledQty);
  if (price === null || qty === null || seen === null)
    return refuse(res, 400, 'BAD_REQUEST', 'price, qty and seenFilledQty must be decimal strings.');
  const seqRaw = body.accountSeq;
  const accountSeq = seqRaw === undefined || seqRaw === null ? null : Number(seqRaw);
  if (accountSeq !== null && (!Number.isInteger(accountSeq) || accountSeq < 1 || accountSeq > 1000))
    return refuse(res, 400, 'BAD_REQUEST', 'accountSeq must be a whole number from 1.');
  const profileHeader = req.headers['x-profile'];
  const profileId = (Array.isArray(profileHeader) ? profileHeader[0] : profileHeader) || undefined;
  try {
    const a = await amender.amend({
      profileId,
      accountSeq,
      symbol,
      orderId,
      ...(price ? { price } : {}),
      ...(qty ? { qty } : {}),
      ...(seen ? { seenFilledQty: seen } : {}),
    });
    sendJson(res, 200, { success: true, data: a });
  } catch (e) {
    if (e instanceof AmendRefused) return refuse(res, e.status, e.code, e.message);
    throw e;
  }
  return true;
}
