import { Pool, errors as undiciErrors } from 'undici';
import { ProxyError } from '../errors.js';

export interface UpstreamRequest {
  restUrl: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string; // path without query
  query?: string; // already-encoded, sent as-is
  body?: string; // already-encoded form body, sent as-is
  apiKey?: string;
  timeoutMs?: number;
}

export interface UpstreamResponse {
  status: number;
  /** The upstream headers the proxy reads (KEPT_HEADERS), lower-cased; repeated ones joined. */
  headers: Record<string, string>;
  text: string;
}

/** Headers the proxy reads from an answer (rate-limit state, Retry-After): the rest are not decoded. */
export const KEPT_HEADERS = ['ratelimit', 'retry-after'] as const;
const KEPT_LENGTHS = new Set<number>(KEPT_HEADERS.map((h) => h.length));
const KEPT = new Set<string>(KEPT_HEADERS);

/** Thrown when the request may have reached the upstream but no answer came back. */
export function isAmbiguousFailure(e: unknown): boolean {
  return e instanceof ProxyError && (e.code === 'UPSTREAM_TIMEOUT' || e.code === 'UPSTREAM_UNREACHABLE');
}

/** Largest upstream answer read (the biggest legitimate v2 answer is well below 1 MB). */
export const MAX_UPSTREAM_BODY = 8 * 1024 * 1024;

/** Keep-alive HTTP client: one undici Pool per upstream origin. */
export class UpstreamClient {
  private readonly pools = new Map<string, Pool>();

  constructor(private readonly defaultTimeoutMs = 10_000) {}

  private closed = false;

  private pool(origin: string): Pool {
    if (this.closed) throw new ProxyError(503, 'UPSTREAM_UNREACHABLE', 'the proxy is shutting down');
    let p = this.pools.get(origin);
    if (!p) {
      p = new Pool(origin, { connections: 16, keepAliveTimeout: 30_000, pipelining: 1 });
      this.pools.set(origin, p);
    }
    return p;
  }

  /** restUrl -> origin, parsed once per upstream. */
  private readonly origins = new Map<string, string>();

  private originOf(restUrl: string): string {
    let origin = this.origins.get(restUrl);
    if (origin === undefined) {
      origin = new URL(restUrl).origin;
      if (this.origins.size < 64) this.origins.set(restUrl, origin);
    }
    return origin;
  }

  /**
   * One exchange over the pool, on undici's dispatch API: the answer is collected by a small handler
   * (no body stream, no promise inside undici), capped at MAX_UPSTREAM_BODY, under one deadline for
   * the whole exchange besides undici's headers and body timeouts.
   */
  send(req: UpstreamRequest): Promise<UpstreamResponse> {
    let pool: Pool;
    try {
      pool = this.pool(this.originOf(req.restUrl));
    } catch (e) {
      return Promise.reject(e);
    }
    const timeout = req.timeoutMs ?? this.defaultTimeoutMs;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (req.apiKey) headers['x-kapi-key'] = req.apiKey;
    if (req.body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    return new Promise((resolve, reject) => {
      const h = new Exchange(resolve, reject, timeout);
      pool.dispatch(
        {
          method: req.method,
          path: req.query ? `${req.path}?${req.query}` : req.path,
          headers,
          body: req.body,
          headersTimeout: timeout,
          bodyTimeout: timeout,
        },
        h,
      );
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((p) => p.destroy().catch(() => {})));
  }
}

/** undici's (legacy) dispatch handler for one exchange: status, headers and the capped body. */
class Exchange {
  private status = 0;
  private headers: Record<string, string> = {};
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private done = false;
  private aborted = false;
  private abortFn: ((err: Error) => void) | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly resolve: (r: UpstreamResponse) => void,
    private readonly reject: (e: unknown) => void,
    timeoutMs: number,
  ) {
    this.timer = setTimeout(() => {
      this.aborted = true;
      this.abortFn?.(new Error('deadline'));
      this.fail(new ProxyError(504, 'UPSTREAM_TIMEOUT', 'the exchange did not answer in time'));
    }, timeoutMs);
  }

  onConnect(abort: (err: Error) => void): void {
    this.abortFn = abort;
    if (this.aborted) abort(new Error('deadline'));
  }

  onHeaders(status: number, raw: Buffer[]): boolean {
    this.status = status;
    const out: Record<string, string> = {};
    for (let i = 0; i + 1 < raw.length; i += 2) {
      if (!KEPT_LENGTHS.has(raw[i]!.length)) continue;
      const k = raw[i]!.toString('latin1').toLowerCase();
      if (!KEPT.has(k)) continue;
      const v = raw[i + 1]!.toString('latin1');
      const had = out[k];
      out[k] = had === undefined ? v : `${had}, ${v}`;
    }
    this.headers = out;
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.size += chunk.length;
    if (this.size > MAX_UPSTREAM_BODY) {
      // the connection is discarded with the request
      this.abortFn?.(new Error('too large'));
      this.fail(
        new ProxyError(
          502,
          'UPSTREAM_INVALID_RESPONSE',
          `the exchange answered more than ${MAX_UPSTREAM_BODY} bytes`,
        ),
      );
      return false;
    }
    this.chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.timer);
    const c = this.chunks;
    const text = c.length === 1 ? c[0]!.toString('utf8') : Buffer.concat(c).toString('utf8');
    this.resolve({ status: this.status, headers: this.headers, text });
  }

  onError(err: Error): void {
    this.fail(classifyTransportError(err, this.aborted));
  }

  private fail(e: unknown): void {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.timer);
    this.reject(e);
  }
}

function classifyTransportError(e: unknown, aborted: boolean): ProxyError {
  if (e instanceof ProxyError) return e;
  if (
    aborted ||
    e instanceof undiciErrors.HeadersTimeoutError ||
    e instanceof undiciErrors.BodyTimeoutError ||
    e instanceof undiciErrors.ConnectTimeoutError
  ) {
    return new ProxyError(504, 'UPSTREAM_TIMEOUT', 'the exchange did not answer in time');
  }
  const code = (e as { code?: string }).code ?? '';
  const what = code || (e instanceof Error ? e.name : 'error');
  return new ProxyError(502, 'UPSTREAM_UNREACHABLE', `the exchange could not be reached (${what})`);
}
