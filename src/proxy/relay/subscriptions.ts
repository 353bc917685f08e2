/** Parsing browser WS requests and naming channel keys. */
import { isPrivateChannel, isPublicChannel } from '../../core/channels.js';

export interface WsRequest {
  requestId?: number | string;
  method: 'subscribe' | 'unsubscribe';
  type: string;
  symbols?: string[];
  level?: string;
  accountSeqs?: number[];
}

/** One subscribable unit: a (type, symbol, level) for public, a (type, accountSeq) for private. */
export interface ChannelKey {
  key: string;
  type: string;
  symbol?: string;
  level?: string;
  accountSeq?: number;
}

export type ParseResult =
  | { ok: true; req: WsRequest }
  | { ok: false; requestId?: number | string; message: string };

export function parseRequest(raw: unknown, kind: 'public' | 'private'): ParseResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, message: 'invalid_format' };
  const r = raw as Record<string, unknown>;
  const requestId =
    typeof r.requestId === 'number' || typeof r.requestId === 'string'
      ? (r.requestId as number | string)
      : undefined;
  const fail = (message: string): ParseResult => ({ ok: false, requestId, message });
  if (r.method !== 'subscribe' && r.method !== 'unsubscribe')
    return fail('method must be subscribe or unsubscribe');
  const known = kind === 'public' ? isPublicChannel : isPrivateChannel;
  if (typeof r.type !== 'string' || !known(r.type)) return fail(`unknown ${kind} type`);
  const req: WsRequest = {
    method: r.method,
    type: r.type,
    ...(requestId !== undefined ? { requestId } : {}),
  };
  if (kind === 'public') {
    if (!Array.isArray(r.symbols) || r.symbols.length === 0 || r.symbols.length > 200)
      return fail('symbols required');
    if (!r.symbols.every((s) => typeof s === 'string' && /^[a-z0-9]{1,20}_[a-z0-9]{1,20}$/i.test(s))) {
      return fail('invalid symbol');
    }
    req.symbols = [...new Set(r.symbols as string[])];
    if (r.level !== undefined && r.level !== null) {
      if (typeof r.level !== 'string' && typeof r.level !== 'number') return fail('invalid level');
      req.level = String(r.level);
    }
  } else if (r.accountSeqs !== undefined && r.accountSeqs !== null) {
    if (
      !Array.isArray(r.accountSeqs) ||
      !r.accountSeqs.every((n) => Number.isSafeInteger(n) && (n as number) > 0)
    ) {
      return fail('invalid accountSeqs');
    }
    req.accountSeqs = [...new Set(r.accountSeqs as number[])];
  }
  return { ok: true, req };
}

/** A browser message: a JSON array of request items (at most 50 read), else the invalid_format failure. */
export function parseClientMessage(
  text: string,
  kind: 'public' | 'private',
): ParseResult[] | { status: 'fail'; message: 'invalid_format' } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed)) return { status: 'fail', message: 'invalid_format' };
  return parsed.slice(0, 50).map((item) => parseRequest(item, kind));
}

/** The failure frame for a request item that did not parse. */
export function refusal(r: Extract<ParseResult, { ok: false }>): Record<string, unknown> {
  return {
    status: 'fail',
    code: 'INVALID_REQUEST',
    message: r.message,
    ...(r.requestId !== undefined ? { requestId: r.requestId } : {}),
  };
}

export function channelKeys(req: WsRequest): ChannelKey[] {
  if (req.symbols) {
    return req.symbols.map((symbol) => ({
      key: `${req.type}|${symbol}|${req.level ?? ''}`,
      type: req.type,
      symbol,
      ...(req.level !== undefined ? { level: req.level } : {}),
    }));
  }
  if (req.accountSeqs && req.accountSeqs.length > 0) {
    return req.accountSeqs.map((accountSeq) => ({
      key: `${req.type}|${accountSeq}`,
      type: req.type,
      accountSeq,
    }));
  }
  return [{ key: `${req.type}|`, type: req.type }];
}

/** Groups channel keys into as few upstream requests as possible. */
export function upstreamRequests(
  method: 'subscribe' | 'unsubscribe',
  keys: ChannelKey[],
  nextId: () => number,
): { requestId: number; body: Record<string, unknown>; keys: ChannelKey[] }[] {
  const groups = new Map<string, ChannelKey[]>();
  for (const k of keys) {
    const g =
      k.symbol !== undefined
        ? `p|${k.type}|${k.level ?? ''}`
        : `a|${k.type}|${k.accountSeq === undefined ? 'none' : 'seq'}`;
    const list = groups.get(g) ?? [];
    list.push(k);
    groups.set(g, list);
  }
  return [...groups.values()].map((list) => {
    const first = list[0]!;
    const requestId = nextId();
    const body: Record<string, unknown> = { requestId, method, type: first.type };
    if (first.symbol !== undefined) {
      body.symbols = list.map((k) => k.symbol);
      if (first.level !== undefined) body.level = first.level;
    } else if (first.accountSeq !== undefined) {
      body.accountSeqs = list.map((k) => k.accountSeq);
    }
    return { requestId, body, keys: list };
  });
}
