import { EventEmitter } from 'node:events';
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
  headers: Record<string, string>;
  text: string;
}

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

  async send(req: UpstreamRequest): Promise<UpstreamResponse> {
    let origin = this.origins.get(req.restUrl);
    if (origin === undefined) {
      origin = new URL(req.restUrl).origin;
      if (this.origins.size < 64) this.origins.set(req.restUrl, origin);
    }
    const timeout = req.timeoutMs ?? this.defaultTimeoutMs;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (req.apiKey) headers['x-kapi-key'] = req.apiKey;
    if (req.body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const path = req.query ? `${req.path}?${req.query}` : req.path;
    const pool = this.pool(origin);
    // The whole exchange's deadline. undici takes an EventEmitter as the abort signal ('abort' event);
    // it costs less per request than an AbortController (an EventTarget) and behaves the same.
    const ac = new Deadline();
    const timer = setTimeout(() => ac.abort(), timeout);
    try {
      const res = await pool.request({
        method: req.method,
        path,
        headers,
        body: req.body,
        headersTimeout: timeout,
        bodyTimeout: timeout,
        signal: ac,
      });
      const text = await readCapped(res.body, MAX_UPSTREAM_BODY);
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) {
        if (typeof v === 'string') out[k.toLowerCase()] = v;
        else if (Array.isArray(v)) out[k.toLowerCase()] = v.join(', ');
      }
      return { status: res.statusCode, headers: out, text };
    } catch (e) {
      throw classifyTransportError(e, ac.aborted);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((p) => p.destroy().catch(() => {})));
  }
}

class Deadline extends EventEmitter {
  aborted = false;

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.emit('abort');
  }
}

type Body = NodeJS.ReadableStream & { destroy(err?: Error): unknown };

/** Reads a body as UTF-8, refusing (and discarding the connection) beyond `max` bytes. */
function readCapped(body: Body, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        body.destroy();
        reject(
          new ProxyError(502, 'UPSTREAM_INVALID_RESPONSE', `the exchange answered more than ${max} bytes`),
        );
        return;
      }
      chunks.push(chunk);
    });
    body.once('end', () =>
      resolve((chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8')),
    );
    body.once('error', reject);
  });
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
