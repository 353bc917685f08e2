// Test helpers for the WS / market / faults integration tests: start a sandbox on a random port
// with a temp data dir, a message-collecting WebSocket client, and an independent signer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { encodeParams, type Param } from '../../core/encode.js';
import { ed25519SeedFromPkcs8Pem, type SigningKey, signParams } from '../../core/sign.js';
import { createSandbox } from '../index.js';

export type Sandbox = Awaited<ReturnType<typeof createSandbox>> & { dataDir: string; logs: string[] };

export async function startSandbox(
  opts: {
    seed?: number;
    speed?: number;
    simulate?: boolean;
    historyDays?: number;
    dataDir?: string;
    keep?: boolean;
  } = {},
): Promise<Sandbox> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'sbx-ws-'));
  const logs: string[] = [];
  const sbx = await createSandbox({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    seed: opts.seed ?? 1,
    speed: opts.speed ?? 1,
    simulate: opts.simulate ?? false,
    historyDays: opts.historyDays ?? 0,
    log: (l) => {
      logs.push(l);
      if (logs.length > 2000) logs.splice(0, 1000);
    },
  });
  const close = sbx.close.bind(sbx);
  return Object.assign(sbx, {
    dataDir,
    logs,
    close: async () => {
      await close();
      if (!opts.keep) rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

// biome-ignore lint/suspicious/noExplicitAny: test messages are free-form JSON
export type Msg = Record<string, any>;

export class WsClient {
  readonly messages: Msg[] = [];
  private waiters: Array<{ pred: (m: unknown) => boolean; resolve: (m: unknown) => void }> = [];
  closed = false;
  closeCode: number | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      let m: unknown;
      try {
        m = JSON.parse(String(data));
      } catch {
        m = String(data);
      }
      this.messages.push(m as Msg);
      this.waiters = this.waiters.filter((w) => {
        if (w.pred(m)) {
          w.resolve(m);
          return false;
        }
        return true;
      });
    });
    ws.on('close', (code) => {
      this.closed = true;
      this.closeCode = code;
    });
    ws.on('error', () => {});
  }

  static connect(url: string, headers: Record<string, string> = {}): Promise<WsClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers });
      const c = new WsClient(ws);
      ws.once('open', () => resolve(c));
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (d: Buffer) => {
          body += d.toString();
        });
        res.on('end', () =>
          reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode, body })),
        );
      });
      ws.once('error', reject);
    });
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** Resolves with the first message (already received after `from`, or future) matching pred. */
  next<T = Msg>(pred: (m: Msg) => boolean, timeoutMs = 5000, from = 0): Promise<T> {
    const p = pred as (m: unknown) => boolean;
    const hit = this.messages.slice(from).find((m) => typeof m === 'object' && m !== null && p(m));
    if (hit) return Promise.resolve(hit as T);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(
          new Error(
            `timeout waiting for message; got ${JSON.stringify(this.messages.slice(-5)).slice(0, 600)}`,
          ),
        );
      }, timeoutMs);
      const done = (m: unknown) => {
        clearTimeout(t);
        resolve(m as T);
      };
      this.waiters.push({ pred: (m) => typeof m === 'object' && m !== null && p(m), resolve: done });
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await new Promise<void>((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
      setTimeout(resolve, 1000);
    });
  }
}

export function hmacKey(sbx: Sandbox): { apiKey: string; key: SigningKey } {
  return {
    apiKey: sbx.credentials.hmac.apiKey,
    key: { type: 'hmac-sha256', secret: sbx.credentials.hmac.secret },
  };
}

export function edKey(sbx: Sandbox): { apiKey: string; key: SigningKey } {
  return {
    apiKey: sbx.credentials.ed25519.apiKey,
    key: { type: 'ed25519', seed: ed25519SeedFromPkcs8Pem(sbx.credentials.ed25519.privateKeyPem) },
  };
}

export function signedQuery(key: SigningKey, extra: Param[] = [], timestamp = Date.now()): string {
  return signParams([...extra, ['timestamp', String(timestamp)]], key);
}

export function connectPrivate(sbx: Sandbox, k = hmacKey(sbx), extra: Param[] = []): Promise<WsClient> {
  return WsClient.connect(`${sbx.wsPrivateUrl}?${signedQuery(k.key, extra)}`, { 'X-KAPI-KEY': k.apiKey });
}

export async function restGet(
  sbx: Sandbox,
  path: string,
  params: Param[] = [],
): Promise<{ status: number; body: Msg }> {
  const q = params.length ? `?${encodeParams(params)}` : '';
  const res = await fetch(`${sbx.restUrl}${path}${q}`);
  return { status: res.status, body: (await res.json()) as Msg };
}

/**
 * restGet for tests that read a lot of public data quickly (history sweeps): a 429 from the public
 * rate limit is waited out (Retry-After) and the request sent again, so the test checks the data,
 * not how fast the machine sends.
 */
export async function restGetPatient(
  sbx: Sandbox,
  path: string,
  params: Param[] = [],
): Promise<{ status: number; body: Msg }> {
  for (let attempt = 0; ; attempt++) {
    const q = params.length ? `?${encodeParams(params)}` : '';
    const res = await fetch(`${sbx.restUrl}${path}${q}`);
    if (res.status !== 429 || attempt >= 10) return { status: res.status, body: (await res.json()) as Msg };
    await res.arrayBuffer();
    const wait = Number(res.headers.get('retry-after') ?? '1');
    await new Promise((r) => setTimeout(r, Math.max(100, Math.min(5, wait) * 1000)));
  }
}

export async function restSigned(
  sbx: Sandbox,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  params: Param[],
  k = hmacKey(sbx),
): Promise<{ status: number; body: Msg }> {
  const signed = signedQuery(k.key, params);
  const init: RequestInit = { method, headers: { 'X-KAPI-KEY': k.apiKey } };
  let url = `${sbx.restUrl}${path}`;
  if (method === 'POST') {
    init.body = signed;
    (init.headers as Record<string, string>)['Content-Type'] = 'application/x-www-form-urlencoded';
  } else url += `?${signed}`;
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: body as Msg };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
