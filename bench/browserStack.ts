// The real stack for bench/browser.ts: a build of the dashboard and `src/main.ts` (sandbox + proxy) serving
// it, in its own process; the sandbox admin calls the views need (more accounts for the desk wall).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface Stack {
  child: ChildProcess;
  dir: string;
  startUrl: string;
  proxyUrl: string;
  adminUrl: string;
  credentialsPath: string;
}

export async function startStack(staticDir: string, speed: number, extra: string[] = []): Promise<Stack> {
  const dir = mkdtempSync(join(tmpdir(), 'kapi-bench-web-'));
  const args = ['--import', 'tsx', 'src/main.ts', '--json', '--port', '0', '--sandbox-port', '0'];
  args.push('--data-dir', dir, '--history-days', '2', '--seed', '7', '--speed', String(speed), ...extra);
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, KAPI_STATIC_DIR: staticDir },
  });
  // never leave a flooding stack behind if this script is stopped
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  const ready = await new Promise<{
    startUrl: string;
    proxyUrl: string;
    sandbox: { adminUrl: string; credentialsPath: string };
  }>((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error('stack did not start in 90 s')), 90_000);
    child.stdout?.on('data', (d) => {
      out += String(d);
      const m = /STACK_READY (\{.*\})/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(JSON.parse(m[1]!));
      }
    });
    child.on('exit', (code) => fail(new Error(`stack exited with ${code}`)));
  });
  return {
    child,
    dir,
    startUrl: ready.startUrl,
    proxyUrl: ready.proxyUrl,
    adminUrl: ready.sandbox.adminUrl,
    credentialsPath: ready.sandbox.credentialsPath,
  };
}

export async function stopStack(s: Stack) {
  s.child.kill('SIGTERM');
  await new Promise((r) => {
    const t = setTimeout(() => r(s.child.kill('SIGKILL')), 5000);
    s.child.once('exit', () => r(clearTimeout(t)));
  });
  rmSync(s.dir, { recursive: true, force: true });
}

async function admin(s: Stack, path: string, body: unknown): Promise<unknown> {
  const base = s.adminUrl.replace(/\/admin\/?$/, '');
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`admin ${path} -> ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * The demo user gets accounts up to `count` (POST /admin/accounts, each funded with KRW and BTC through
 * POST /admin/balance), and both demo keys may touch all of them (POST /admin/keys/update): the monitor
 * then shows `count` cards (two profiles of one user show each account once).
 */
export async function provisionAccounts(s: Stack, count: number): Promise<void> {
  for (let seq = 4; seq <= count; seq++) {
    const r = (await admin(s, '/admin/accounts', { name: `desk-${seq}` })) as { accountSeq: number };
    await admin(s, '/admin/balance', { accountSeq: r.accountSeq, currency: 'krw', amount: '50000000' });
    await admin(s, '/admin/balance', { accountSeq: r.accountSeq, currency: 'btc', amount: '0.5' });
  }
  const creds = JSON.parse(readFileSync(s.credentialsPath, 'utf8')) as {
    hmac: { apiKey: string };
    ed25519: { apiKey: string };
  };
  const seqs = Array.from({ length: count }, (_, i) => i + 1);
  for (const apiKey of [creds.hmac.apiKey, creds.ed25519.apiKey])
    await admin(s, '/admin/keys/update', { apiKey, allowedAccountSeqs: seqs });
}

/** A fresh build of the dashboard (or BENCH_STATIC_DIR); unminified for the profile, so names are readable. */
export function build(minify = true): { dir: string; temp: boolean } {
  if (minify && process.env.BENCH_STATIC_DIR)
    return { dir: resolve(process.env.BENCH_STATIC_DIR), temp: false };
  const out = mkdtempSync(join(tmpdir(), 'kapi-bench-dist-'));
  const args = ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'];
  if (!minify) args.push('--minify', 'false');
  execFileSync('npx', args, { stdio: 'inherit' });
  return { dir: out, temp: true };
}
