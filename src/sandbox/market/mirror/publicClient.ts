/**
 * The only way paper mode talks to its source over REST: public GETs of an allowlist of market-data
 * paths, no key header, no signature, no body. Anything else is refused here, before the network
 * (mirror/requestLog.test.ts proves from the source's side that only public reads arrive).
 */
import type { Result } from '../../types.js';

/** Public market-data reads of the v2 API (spec 4.1) and the clock. */
export const PUBLIC_READ_PATHS = new Set([
  '/v2/currencyPairs',
  '/v2/tickSizePolicy',
  '/v2/tickers',
  '/v2/orderbook',
  '/v2/trades',
  '/v2/candles',
  '/v2/time',
]);

export const MIRROR_USER_AGENT = 'kapi-paper-mirror/1';

export interface PublicClientOptions {
  restUrl: string;
  timeoutMs?: number;
  /** Replaceable for tests. */
  fetchFn?: typeof fetch;
}

export class PublicClient {
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;

  constructor(o: PublicClientOptions) {
    const u = new URL(o.restUrl);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('source must be an http(s) URL');
    this.base = `${u.protocol}//${u.host}`;
    this.timeoutMs = o.timeoutMs ?? 8000;
    this.fetchFn = o.fetchFn ?? fetch;
  }

  /** URL of a public read (throws for a path outside the allowlist: a programming error). */
  urlOf(path: string, params: Record<string, string | number | undefined> = {}): string {
    if (!PUBLIC_READ_PATHS.has(path)) throw new Error(`paper source: ${path} is not a public read`);
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
    const qs = q.toString();
    return `${this.base}${path}${qs ? `?${qs}` : ''}`;
  }

  /** GET a public path; the `data` of the envelope, or a coded error (never throws). */
  async get<T>(path: string, params: Record<string, string | number | undefined> = {}): Promise<Result<T>> {
    let url: string;
    try {
      url = this.urlOf(path, params);
    } catch (e) {
      return { ok: false, error: { status: 400, code: 'BAD_REQUEST', description: (e as Error).message } };
    }
    try {
      const res = await this.fetchFn(url, {
        method: 'GET',
        headers: { accept: 'application/json', 'user-agent': MIRROR_USER_AGENT },
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await res.text();
      let body: { success?: boolean; data?: unknown; error?: { message?: unknown; description?: unknown } } =
        {};
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: told below by the status
      }
      if (!res.ok || body.success === false) {
        return {
          ok: false,
          error: {
            status: res.status || 502,
            code: typeof body.error?.message === 'string' ? body.error.message : 'PAPER_SOURCE_UNREACHABLE',
            description: `source answered ${res.status} to GET ${path}${typeof body.error?.description === 'string' ? `: ${body.error.description}` : ''}`,
          },
        };
      }
      return { ok: true, value: (body.data ?? body) as T };
    } catch (e) {
      return {
        ok: false,
        error: {
          status: 503,
          code: 'PAPER_SOURCE_UNREACHABLE',
          description: `GET ${this.base}${path} failed: ${(e as Error).message}`,
        },
      };
    }
  }
}

/** ws(s)://host/v2/public of a REST base URL (the proxy's derivation, src/proxy/upstreams.ts). */
export function publicWsUrlOf(restUrl: string): string {
  const u = new URL(restUrl);
  return `${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}/v2/public`;
}
