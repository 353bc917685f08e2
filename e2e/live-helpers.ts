// A stack the spec itself starts, stops and restarts on the SAME ports and data directory (the worker
// fixture in fixtures.ts cannot restart), so a tab can be watched across a proxy + sandbox restart.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface OwnStack {
  dir: string;
  startUrl: string;
  proxyUrl: string;
  adminBase: string;
  start(): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
  remove(): Promise<void>;
  admin<T = unknown>(path: string, body?: unknown): Promise<T>;
  /** `npm run proxy -- session rotate` on this stack's config directory. */
  rotateSession(): string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function ownStack(opts: { simulate?: boolean } = {}): Promise<OwnStack> {
  const dir = mkdtempSync(join(tmpdir(), 'kapi-live-'));
  const proxyPort = await freePort();
  const sandboxPort = await freePort();
  let child: ChildProcess | null = null;
  const st: OwnStack = {
    dir,
    startUrl: '',
    proxyUrl: `http://127.0.0.1:${proxyPort}`,
    adminBase: `http://127.0.0.1:${sandboxPort}`,
    async start() {
      const args = ['--import', 'tsx', 'src/main.ts', '--json', '--port', String(proxyPort)];
      args.push('--sandbox-port', String(sandboxPort), '--data-dir', dir, '--history-days', '2');
      if (opts.simulate === false) args.push('--no-simulate');
      const c = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env } });
      child = c;
      let err = '';
      c.stderr?.on('data', (d) => {
        err += String(d);
      });
      const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`stack did not start in 60 s\n${err}`)), 60_000);
        c.stdout?.on('data', (d) => {
          out += String(d);
          const m = /STACK_READY (\{.*\})/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(JSON.parse(m[1]!));
          }
        });
        c.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`stack exited with ${code}\n${err}`));
        });
      });
      st.startUrl = String(ready.startUrl);
      if (!st.startUrl.startsWith(st.proxyUrl)) throw new Error(`proxy moved: ${st.startUrl}`);
    },
    async stop(signal = 'SIGKILL') {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill(signal);
      });
    },
    async remove() {
      await st.stop('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
    async admin<T>(path: string, body?: unknown) {
      const res = await fetch(`${st.adminBase}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`admin ${path} -> ${res.status}: ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
    rotateSession() {
      const r = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'src/proxy/cli.ts', 'session', 'rotate', '--config-dir', join(dir, '.proxy')],
        { encoding: 'utf8', timeout: 30_000 },
      );
      if (r.status !== 0) throw new Error(`session rotate failed: ${r.stderr}`);
      const m = /\/\?token=(\S+)/.exec(r.stdout);
      if (!m) throw new Error('session rotate printed no start URL');
      return `${st.proxyUrl}/?token=${m[1]}`;
    },
  };
  return st;
}
