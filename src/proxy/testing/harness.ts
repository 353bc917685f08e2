// Test-only helpers: start a proxy on a temp config dir, and call it like the browser does.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createProxy, type ProxyHandle, type ProxyOptions } from '../index.js';
import { FAKE_ED, FAKE_HMAC, type FakeUpstream } from './fakeUpstream.js';

// biome-ignore lint/suspicious/noExplicitAny: test assertions read JSON loosely
export type Loose = any;

export function tempDir(prefix = 'kapi-proxy-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function writeFakeCredentials(dir: string): string {
  const path = join(dir, 'credentials.json');
  writeFileSync(
    path,
    JSON.stringify({
      hmac: FAKE_HMAC,
      ed25519: {
        apiKey: FAKE_ED.apiKey,
        privateKeyPem: FAKE_ED.privateKeyPem,
        publicKeyPem: FAKE_ED.publicKeyPem,
      },
    }),
  );
  return path;
}

export interface TestProxy {
  proxy: ProxyHandle;
  logs: string[];
  configDir: string;
  api(
    method: string,
    path: string,
    opts?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<ApiResult>;
  ws(path: string, headers?: Record<string, string>): Promise<TestSocket>;
}

export interface ApiResult {
  status: number;
  headers: Headers;
  json: Loose;
  text: string;
}

export async function startTestProxy(
  fake: Pick<FakeUpstream, 'url' | 'wsPublicUrl' | 'wsPrivateUrl'>,
  extra: Partial<ProxyOptions> = {},
): Promise<TestProxy> {
  const configDir = extra.configDir ?? tempDir();
  const logs: string[] = [];
  const proxy = await createProxy({
    port: 0,
    upstream: {
      name: 'custom',
      restUrl: fake.url,
      wsPublicUrl: fake.wsPublicUrl,
      wsPrivateUrl: fake.wsPrivateUrl,
    },
    configDir,
    importCredentials: writeFakeCredentials(configDir),
    log: (l) => logs.push(l),
    timeoutMs: 1500,
    lookupDelayMs: 20,
    relayBackoff: { baseMs: 50, capMs: 200 },
    ...extra,
  });
  const origin = proxy.url;
  return {
    proxy,
    logs,
    configDir,
    async api(method, path, opts = {}) {
      const headers: Record<string, string> = { cookie: `kapi_session=${proxy.token}`, ...opts.headers };
      if (method !== 'GET' && !('origin' in headers) && !('Origin' in headers)) headers.origin = origin;
      if (opts.body !== undefined && !('content-type' in headers))
        headers['content-type'] = 'application/json';
      for (const k of Object.keys(headers)) if (headers[k] === '') delete headers[k];
      const res = await fetch(`${proxy.url}${path}`, {
        method,
        headers,
        body:
          opts.body === undefined
            ? undefined
            : typeof opts.body === 'string'
              ? opts.body
              : JSON.stringify(opts.body),
        redirect: 'manual',
      });
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: res.status, headers: res.headers, json, text };
    },
    ws(path, headers) {
      return openSocket(`${proxy.url.replace('http', 'ws')}${path}`, {
        origin,
        cookie: `kapi_session=${proxy.token}`,
        ...headers,
      });
    },
  };
}

export interface TestSocket {
  ws: WebSocket;
  messages: Loose[];
  send(obj: unknown): void;
  waitFor(pred: (m: Loose) => boolean, timeoutMs?: number): Promise<Loose>;
  close(): void;
}

export function openSocket(url: string, headers: Record<string, string>): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const messages: Loose[] = [];
    const waiters: { pred: (m: Loose) => boolean; resolve: (m: Loose) => void }[] = [];
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString());
      messages.push(m);
      for (const w of [...waiters]) {
        if (w.pred(m)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(m);
        }
      }
    });
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        ws,
        messages,
        send: (obj) => ws.send(JSON.stringify(obj)),
        waitFor(pred, timeoutMs = 3000) {
          const hit = messages.find(pred);
          if (hit) return Promise.resolve(hit);
          return new Promise((res, rej) => {
            const t = setTimeout(
              () => rej(new Error(`timeout waiting; got ${JSON.stringify(messages)}`)),
              timeoutMs,
            );
            waiters.push({
              pred,
              resolve: (m) => {
                clearTimeout(t);
                res(m);
              },
            });
          });
        },
        close: () => ws.close(),
      }),
    );
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
