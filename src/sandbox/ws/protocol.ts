// WebSocket request parsing and validation (pure). A message is a JSON array of request items
// `{requestId?, method, type, symbols?, level?, accountSeqs?}`; anything else gets the documented
// failure. Validation against markets and keys happens in the hubs; this only checks shape.

export const MAX_ITEMS_PER_MESSAGE = 50;
export const MAX_SYMBOLS_PER_ITEM = 100;

export interface RequestItem {
  requestId?: number;
  method: 'subscribe' | 'unsubscribe';
  type: string;
  symbols?: string[];
  level?: string;
  accountSeqs?: number[];
}

export interface FailMessage {
  status: 'fail';
  code?: string;
  message: string;
  requestId?: number;
}

export interface AckMessage {
  status: 'success';
  requestId: number;
}

export const INVALID_FORMAT: FailMessage = { status: 'fail', message: 'invalid_format' };

export function fail(code: string, message: string, requestId?: number): FailMessage {
  return requestId === undefined
    ? { status: 'fail', code, message }
    : { status: 'fail', code, message, requestId };
}

export type ParsedItem = { ok: true; item: RequestItem } | { ok: false; fail: FailMessage };

/** Parses one message. Returns the top-level failure, or one result per array element. */
export function parseMessage(
  raw: string,
): { ok: false; fail: FailMessage } | { ok: true; items: ParsedItem[] } {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ok: false, fail: INVALID_FORMAT };
  }
  if (!Array.isArray(data) || data.length === 0) return { ok: false, fail: INVALID_FORMAT };
  if (data.length > MAX_ITEMS_PER_MESSAGE) {
    return {
      ok: false,
      fail: fail('INVALID_REQUEST', `at most ${MAX_ITEMS_PER_MESSAGE} requests per message`),
    };
  }
  return { ok: true, items: data.map(parseItem) };
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseItem(v: unknown): ParsedItem {
  if (!isObj(v)) return { ok: false, fail: fail('INVALID_REQUEST', 'each request must be an object') };
  let requestId: number | undefined;
  if (v.requestId !== undefined && v.requestId !== null) {
    if (typeof v.requestId !== 'number' || !Number.isSafeInteger(v.requestId)) {
      return { ok: false, fail: fail('INVALID_REQUEST', 'requestId must be an integer') };
    }
    requestId = v.requestId;
  }
  const bad = (message: string): ParsedItem => ({
    ok: false,
    fail: fail('INVALID_REQUEST', message, requestId),
  });
  if (v.method !== 'subscribe' && v.method !== 'unsubscribe')
    return bad('method must be "subscribe" or "unsubscribe"');
  if (typeof v.type !== 'string' || v.type.length === 0 || v.type.length > 32) return bad('type is required');
  const item: RequestItem = { method: v.method, type: v.type };
  if (requestId !== undefined) item.requestId = requestId;
  if (v.symbols !== undefined) {
    if (!Array.isArray(v.symbols) || v.symbols.length > MAX_SYMBOLS_PER_ITEM) {
      return bad(`symbols must be an array of at most ${MAX_SYMBOLS_PER_ITEM} strings`);
    }
    if (!v.symbols.every((s) => typeof s === 'string' && s.length > 0 && s.length <= 32)) {
      return bad('symbols must be strings');
    }
    item.symbols = [...new Set(v.symbols as string[])];
  }
  if (v.level !== undefined && v.level !== null) {
    if (typeof v.level === 'number' && Number.isFinite(v.level)) item.level = String(v.level);
    else if (typeof v.level === 'string' && v.level.length > 0 && v.level.length <= 32) item.level = v.level;
    else return bad('level must be a string');
  }
  if (v.accountSeqs !== undefined && v.accountSeqs !== null) {
    if (
      !Array.isArray(v.accountSeqs) ||
      v.accountSeqs.length === 0 ||
      v.accountSeqs.length > 100 ||
      !v.accountSeqs.every((n) => typeof n === 'number' && Number.isSafeInteger(n) && n > 0)
    ) {
      return bad('accountSeqs must be a non-empty array of positive integers');
    }
    item.accountSeqs = [...new Set(v.accountSeqs as number[])];
  }
  return { ok: true, item };
}

export function ack(requestId: number | undefined): AckMessage | null {
  return requestId === undefined ? null : { status: 'success', requestId };
}
