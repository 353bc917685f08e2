// biome-ignore-all lint/suspicious/noExplicitAny: test responses are read loosely
/**
 * Test client with its own signer (node:crypto only; deliberately independent of the sandbox's
 * and src/core's signing code) and helpers to start a throwaway sandbox.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CreateSandboxOptions, createSandbox, type Sandbox } from '../index.js';

export type Json = {
  success: boolean;
  data?: any;
  error?: { code: number; message: string; description?: string };
};

export interface TestKey {
  apiKey: string;
  type: 'hmac' | 'ed25519';
  secret?: string;
  privateKeyPem?: string;
}

export function sign(key: TestKey, message: string): string {
  if (key.type === 'hmac')
    return crypto.createHmac('sha256', key.secret!).update(message, 'utf8').digest('hex');
  return crypto
    .sign(null, Buffer.from(message, 'utf8'), crypto.createPrivateKey(key.privateKeyPem!))
    .toString('base64');
}

export interface CallOptions {
  timestamp?: number;
  recvWindow?: number;
  /** Replace the signature with this value. */
  signature?: string;
  noSignature?: boolean;
  noTimestamp?: boolean;
  headers?: Record<string, string>;
}

export class Client {
  /** Added to Date.now() for the default timestamp (follow a shifted sandbox clock). */
  offset = 0;
  constructor(
    readonly base: string,
    public key: TestKey,
  ) {}

  async pub(pathAndQuery: string): Promise<{ status: number; body: Json; headers: Headers }> {
    const r = await fetch(`${this.base}${pathAndQuery}`);
    return { status: r.status, body: (await r.json()) as Json, headers: r.headers };
  }

  async call(
    method: 'GET' | 'POST' | 'DELETE',
    p: string,
    params: Record<string, string | number> = {},
    o: CallOptions = {},
  ): Promise<{ status: number; body: Json; headers: Headers }> {
    const usp = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) usp.append(k, String(v));
    if (!o.noTimestamp) usp.append('timestamp', String(o.timestamp ?? Date.now() + this.offset));
    if (o.recvWindow !== undefined) usp.append('recvWindow', String(o.recvWindow));
    let encoded = usp.toString();
    if (!o.noSignature) {
      const sig = o.signature ?? sign(this.key, encoded);
      encoded += `${encoded ? '&' : ''}signature=${encodeURIComponent(sig)}`;
    }
    const headers: Record<string, string> = { 'X-KAPI-KEY': this.key.apiKey, ...o.headers };
    let url = `${this.base}${p}`;
    let body: string | undefined;
    if (method === 'POST') {
      body = encoded;
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    } else url += `?${encoded}`;
    const r = await fetch(url, { method, headers, body });
    return { status: r.status, body: (await r.json()) as Json, headers: r.headers };
  }

  async data(
    method: 'GET' | 'POST' | 'DELETE',
    p: string,
    params: Record<string, string | number> = {},
  ): Promise<any> {
    const r = await this.call(method, p, params);
    if (!r.body.success) throw new Error(`${method} ${p} failed: ${JSON.stringify(r.body)}`);
    return r.body.data;
  }
}

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'sbx-test-'));
}

export async function startSandbox(extra: Partial<CreateSandboxOptions> = {}): Promise<{
  sb: Sandbox;
  hmac: Client;
  ed: Client;
  dir: string;
  admin(p: string, body?: unknown): Promise<Json>;
}> {
  const dir = extra.dataDir ?? tempDir();
  const sb = await createSandbox({ port: 0, simulate: false, historyDays: 0, ...extra, dataDir: dir });
  const hmac = new Client(sb.restUrl, {
    apiKey: sb.credentials.hmac.apiKey,
    type: 'hmac',
    secret: sb.credentials.hmac.secret,
  });
  const ed = new Client(sb.restUrl, {
    apiKey: sb.credentials.ed25519.apiKey,
    type: 'ed25519',
    privateKeyPem: sb.credentials.ed25519.privateKeyPem,
  });
  const admin = async (p: string, body?: unknown) => {
    const r = await fetch(`${sb.restUrl}${p}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await r.json()) as Json;
  };
  return { sb, hmac, ed, dir, admin };
}

/** Creates another user (a counterparty) with an HMAC key on accounts [1] and the given balances. */
export async function makeUser(
  env: { sb: Sandbox; admin(p: string, body?: unknown): Promise<Json> },
  name: string,
  balances: Record<string, string>,
): Promise<{ client: Client; userId: number }> {
  const u = await env.admin('/admin/users', { name });
  const userId = u.data.userId as number;
  const k = await env.admin('/admin/keys', { userId, type: 'hmac-sha256' });
  for (const [currency, amount] of Object.entries(balances))
    await env.admin('/admin/balance', { userId, currency, amount });
  return {
    client: new Client(env.sb.restUrl, { apiKey: k.data.apiKey, type: 'hmac', secret: k.data.secret }),
    userId,
  };
}
