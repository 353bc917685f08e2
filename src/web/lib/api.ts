// Browser -> signing proxy client (same origin; the session cookie travels automatically).
// apiGet/apiPost/apiDelete call a v2 endpoint through /api/v2/...; they return the envelope's `data`
// and throw ApiError (core/errors) carrying the exchange's or the proxy's symbolic code.
import type { ZodMiniType as ZodType } from 'zod/mini';
import { ApiError, toApiError } from '../../core/errors.js';
import { noteProxyAnswer } from './live/health.js';

export interface ApiOpts<T> {
  /** Selects the proxy key profile (X-Profile header); the proxy's default profile when absent. */
  profileId?: string | null;
  /** When given, `data` is validated with this schema (unknown fields are kept by loose schemas). */
  schema?: ZodType<T>;
  signal?: AbortSignal;
}

export type Params = Record<string, string | number | boolean | null | undefined>;

export interface RateLimitInfo {
  cls: string | null;
  remaining: number | null;
  limit: number | null;
  reset: number | null;
}

/** Last rate-limit headers seen per class; read by the UI (e.g. cancel-all pacing). */
export const lastRateLimits = new Map<string, RateLimitInfo>();

function queryString(params?: Params): string {
  if (!params) return '';
  const usp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    usp.append(k, String(v));
  }
  const s = usp.toString();
  return s ? `?${s}` : '';
}

function recordRateLimit(res: Response) {
  const cls = res.headers.get('X-Ratelimit-Class');
  if (!cls) return;
  const num = (h: string) => {
    const v = res.headers.get(h);
    return v === null ? null : Number(v);
  };
  lastRateLimits.set(cls, {
    cls,
    remaining: num('X-Ratelimit-Remaining'),
    limit: num('X-Ratelimit-Limit'),
    reset: num('X-Ratelimit-Reset'),
  });
}

async function send(
  method: string,
  url: string,
  body: unknown,
  profileId?: string | null,
  signal?: AbortSignal,
) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (profileId) headers['X-Profile'] = profileId;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (e) {
    if (!signal?.aborted) noteProxyAnswer(0);
    throw toApiError(e);
  }
  recordRateLimit(res);
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    noteProxyAnswer(res.status);
    // an answer that is not JSON (the proxy sends a success on by its shape: proxy/forward/envelope.ts)
    throw toApiError(undefined, res.status === 200 ? 502 : res.status);
  }
  noteProxyAnswer(res.status, envelopeCode(json));
  return { res, json };
}

function envelopeCode(json: unknown): string | null {
  const msg = (json as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof msg === 'string' ? msg : null;
}

function unwrap<T>(res: Response, json: unknown, schema?: ZodType<T>): T {
  const env = json as { success?: boolean; data?: unknown } | null;
  if (!res.ok || !env || env.success !== true) throw toApiError(json, res.status);
  if (!schema) return env.data as T;
  const parsed = schema.safeParse(env.data);
  if (!parsed.success) {
    throw new ApiError({
      status: 502,
      code: 'UPSTREAM_INVALID_RESPONSE',
      description: parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; '),
    });
  }
  return parsed.data;
}

export async function apiGet<T>(path: string, params?: Params, opts: ApiOpts<T> = {}): Promise<T> {
  const { res, json } = await send(
    'GET',
    `/api${path}${queryString(params)}`,
    undefined,
    opts.profileId,
    opts.signal,
  );
  return unwrap(res, json, opts.schema);
}

export async function apiPost<T>(path: string, body: Params, opts: ApiOpts<T> = {}): Promise<T> {
  const clean: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null && v !== '') clean[k] = v;
  const { res, json } = await send('POST', `/api${path}`, clean, opts.profileId, opts.signal);
  return unwrap(res, json, opts.schema);
}

export async function apiDelete<T>(path: string, params?: Params, opts: ApiOpts<T> = {}): Promise<T> {
  const { res, json } = await send(
    'DELETE',
    `/api${path}${queryString(params)}`,
    undefined,
    opts.profileId,
    opts.signal,
  );
  return unwrap(res, json, opts.schema);
}

// Proxy's own endpoints (/api/session, /api/ratelimits, /api/profiles, /api/journal): plain JSON, errors in
// the same envelope.
async function proxyCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  // `/session` or `/api/session`: both mean the proxy's own endpoint.
  const { res, json } = await send(method, path.startsWith('/api/') ? path : `/api${path}`, body);
  const env = json as { success?: boolean; data?: unknown } | null;
  if (!res.ok || (env && env.success === false)) throw toApiError(json, res.status);
  if (env && env.success === true && 'data' in env) return env.data as T;
  return json as T;
}

export const proxyGet = <T>(path: string) => proxyCall<T>('GET', path);
export const proxyPost = <T>(path: string, body: unknown = {}) => proxyCall<T>('POST', path, body);
export const proxyDelete = <T>(path: string) => proxyCall<T>('DELETE', path);
