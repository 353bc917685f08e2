/**
 * Playwright fixtures that start the real stack (sandbox + proxy serving dist/) on random
 * loopback ports with a fresh temporary data directory, one stack per test file (worker scope).
 *
 *   import { test, expect } from './fixtures.js';
 *   test('x', async ({ page, stack, admin }) => {
 *     await page.goto(stack.startUrl);           // sets the session cookie, redirects to /
 *     await admin.post('/admin/...', {...});      // sandbox scenario controls (JSON)
 *   });
 *
 * `stack`: { startUrl, proxyUrl, restUrl, adminUrl, credentials } where credentials is the
 * sandbox's demo credentials.json ({hmac:{apiKey,secret}, ed25519:{apiKey,privateKeyPem,publicKeyPem}}).
 * `admin`: a small JSON client for the sandbox admin API (`get(path)`, `post(path, body)`).
 * `shot(page, name)`: saves a full-page screenshot into test-results and attaches it to the report.
 * Per-file options: `test.use({ stackOptions: { simulate: false, historyDays: 2 } })`; `demo: true` seeds
 * the demo user's 30-day history (`--demo`).
 * Sandbox profile: `stackOptions.profile` ('standard' | 'live-strict'); when a spec does not set it,
 * the Playwright project's `sandboxProfile` option decides (the `live-strict` project in
 * playwright.config.ts runs chosen specs against the strict profile).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';

export interface StackInfo {
  startUrl: string;
  proxyUrl: string;
  restUrl: string;
  adminUrl: string;
  credentials: {
    hmac: { apiKey: string; secret: string };
    ed25519: { apiKey: string; privateKeyPem: string; publicKeyPem: string };
  };
  /** Paper mode (`stackOptions.paper`): the second sandbox the stack mirrors (e2e/paperSource.ts). */
  source?: { restUrl: string; adminUrl: string; requestLog: string };
}

export interface StackOptions {
  simulate?: boolean;
  historyDays?: number;
  seed?: number;
  speed?: number;
  /** Sandbox profile (docs/sandbox.md, "Profiles"); default: the project's `sandboxProfile`. */
  profile?: 'standard' | 'live-strict';
  /** Seed the demo user's 30 days of orders, fills and funding (`npm start -- --demo`). */
  demo?: boolean;
  /** Replay this recording as the sandbox's market (`npm start -- --replay FILE`). */
  replay?: string;
  /** Paper mode: a second sandbox (e2e/paperSource.ts) is started as the source, the stack with `--paper --source`. */
  paper?: boolean;
  /** Paper mode on this source URL instead of a second sandbox (e.g. one nobody listens on). */
  paperSourceUrl?: string;
}

export interface AdminClient {
  get<T = unknown>(path: string): Promise<T>;
  post<T = unknown>(path: string, body?: unknown): Promise<T>;
}

/** Starts a child that prints `<marker> {json}` on stdout once ready. */
async function spawnReady(
  args: string[],
  marker: string,
): Promise<{ child: ChildProcess; ready: Record<string, unknown> }> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env } });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${marker} not seen in 60 s\n${stderr}`)), 60_000);
    child.stdout?.on('data', (d) => {
      out += String(d);
      const at = out.indexOf(`${marker} {`);
      const end = at < 0 ? -1 : out.indexOf('\n', at);
      if (end > 0) {
        clearTimeout(timer);
        resolve(JSON.parse(out.slice(at + marker.length + 1, end)));
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${marker}: process exited with ${code}\n${stderr}`));
    });
  });
  return { child, ready };
}

async function launch(options: StackOptions): Promise<{ info: StackInfo; child: ChildProcess; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'kapi-e2e-'));
  let source: { child: ChildProcess; ready: Record<string, unknown> } | undefined;
  if (options.paper && !options.paperSourceUrl)
    source = await spawnReady(['--import', 'tsx', 'e2e/paperSource.ts', '--data-dir', dir], 'SOURCE_READY');
  const args = [
    '--import',
    'tsx',
    'src/main.ts',
    '--json',
    '--port',
    '0',
    '--sandbox-port',
    '0',
    '--data-dir',
    dir,
  ];
  if (options.simulate === false) args.push('--no-simulate');
  if (options.historyDays !== undefined) args.push('--history-days', String(options.historyDays));
  if (options.seed !== undefined) args.push('--seed', String(options.seed));
  if (options.speed !== undefined) args.push('--speed', String(options.speed));
  if (options.profile !== undefined) args.push('--profile', options.profile);
  if (options.demo) args.push('--demo');
  if (options.paper)
    args.push('--paper', '--source', options.paperSourceUrl ?? String(source?.ready.restUrl));
  if (options.replay) args.push('--replay', options.replay);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env } });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`stack did not start in 60 s\n${stderr}`)), 60_000);
    child.stdout?.on('data', (d) => {
      out += String(d);
      const m = /STACK_READY (\{.*\})/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(JSON.parse(m[1]!));
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`stack exited with ${code}\n${stderr}`));
    });
  });
  // the source lives as long as the stack: stopped when the stack's process ends
  if (source) child.once('exit', () => source.child.kill('SIGTERM'));
  const sandbox = ready.sandbox as { restUrl: string; adminUrl: string; credentialsPath: string };
  const credentials = JSON.parse(readFileSync(sandbox.credentialsPath, 'utf8'));
  return {
    info: {
      startUrl: String(ready.startUrl),
      proxyUrl: String(ready.proxyUrl),
      restUrl: sandbox.restUrl,
      adminUrl: sandbox.adminUrl,
      credentials,
      ...(source ? { source: source.ready as unknown as NonNullable<StackInfo['source']> } : {}),
    },
    child,
    dir,
  };
}

function adminClient(adminUrl: string): AdminClient {
  const base = adminUrl.replace(/\/admin\/?$/, '');
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const url = path.startsWith('http') ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`;
    const res = await fetch(url, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`admin ${method} ${path} -> ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return { get: (p) => call('GET', p), post: (p, b) => call('POST', p, b ?? {}) };
}

export const test = base.extend<
  { admin: AdminClient; shot: (page: Page, name: string) => Promise<void> },
  { stackOptions: StackOptions; sandboxProfile: 'standard' | 'live-strict'; stack: StackInfo }
>({
  stackOptions: [{}, { scope: 'worker', option: true }],
  // set per project (playwright.config.ts); a spec's own stackOptions.profile wins
  sandboxProfile: ['standard', { scope: 'worker', option: true }],
  stack: [
    async ({ stackOptions, sandboxProfile }, use) => {
      const { info, child, dir } = await launch({ profile: sandboxProfile, ...stackOptions });
      await use(info);
      child.kill('SIGTERM');
      await new Promise((r) => {
        const t = setTimeout(() => {
          child.kill('SIGKILL');
          r(undefined);
        }, 5_000);
        child.once('exit', () => {
          clearTimeout(t);
          r(undefined);
        });
      });
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  admin: async ({ stack }, use) => {
    await use(adminClient(stack.adminUrl));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object
  shot: async ({}, use, testInfo) => {
    await use(async (page, name) => {
      const path = testInfo.outputPath(`${name}.png`);
      await page.screenshot({ path, fullPage: false });
      await testInfo.attach(name, { path, contentType: 'image/png' });
    });
  },
});

export { expect } from '@playwright/test';
