// `npm run sandbox -- status` and the scenario commands' store fallback (no sandbox running).
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommandArgs, runAdminCommand, statusText } from './cliCommands.js';
import { createSandbox } from './index.js';
import { readCredentials } from './provision.js';
import { Client, tempDir } from './testing/client.js';

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('sandbox CLI', () => {
  it('status prints the URLs and the demo credentials (provisioning a fresh data dir)', async () => {
    const dir = tempDir();
    const out = await statusText({ host: '127.0.0.1', port: 9999, dataDir: dir });
    const creds = readCredentials(dir)!;
    expect(creds.hmac.secret).toMatch(/\S{16,}/);
    expect(out).toContain('REST        http://127.0.0.1:9999');
    expect(out).toContain('ws://127.0.0.1:9999/v2/public');
    expect(out).toContain('ws://127.0.0.1:9999/v2/private');
    const printed = JSON.parse(out.slice(out.indexOf('{')));
    expect(printed).toEqual(creds);
    expect(Object.keys(printed.ed25519).sort()).toEqual(['apiKey', 'privateKeyPem', 'publicKeyPem']);
  });

  it('npm run sandbox -- status (the real process) shows the credentials a running sandbox wrote', async () => {
    const dir = tempDir();
    const sb = await createSandbox({ dataDir: dir, port: 0, simulate: false, historyDays: 0 });
    await sb.close();
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'cli.ts'), 'status', '--data-dir', dir, '--port', '9876'],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('http://127.0.0.1:9876');
    expect(r.stdout).toContain(sb.credentials.hmac.apiKey);
    expect(r.stdout).toContain(sb.credentials.hmac.secret);
    expect(r.stdout).toContain(sb.credentials.ed25519.apiKey);
    expect(r.stdout).toContain('BEGIN PRIVATE KEY');
  });

  it('with no sandbox running, a scenario command applies to the store; faults need a running one', async () => {
    const dir = tempDir();
    const port = await freePort();
    const t = { host: '127.0.0.1', port, dataDir: dir };
    const r = (await runAdminCommand(t, 'balance', ['currency=krw', 'amount=4321', 'accountSeq=3'])) as {
      success: boolean;
    };
    expect(r.success).toBe(true);
    await expect(runAdminCommand(t, 'fault', ['{"clockSkewMs":1000}'])).rejects.toThrow(/running sandbox/);
    await expect(runAdminCommand(t, 'nope', [])).rejects.toThrow(/unknown command/);

    const sb = await createSandbox({ dataDir: dir, port: 0, simulate: false, historyDays: 0 });
    try {
      const c = new Client(sb.restUrl, {
        apiKey: sb.credentials.hmac.apiKey,
        type: 'hmac',
        secret: sb.credentials.hmac.secret,
      });
      const b = await c.data('GET', '/v2/balance', { accountSeq: 3 });
      expect(b.find((x: { currency: string }) => x.currency === 'krw').balance).toBe('4321');
    } finally {
      await sb.close();
    }
  });

  it('parses name=value, JSON values, booleans and whole JSON objects', () => {
    expect(
      parseCommandArgs([
        'symbol=btc_krw',
        'amount=0.00000001',
        'instant=true',
        'allowedAccountSeqs=[1,2]',
        '{"clockSkewMs":2500}',
        'note=a=b',
      ]),
    ).toEqual({
      symbol: 'btc_krw',
      amount: '0.00000001',
      instant: true,
      allowedAccountSeqs: [1, 2],
      clockSkewMs: 2500,
      note: 'a=b',
    });
    expect(() => parseCommandArgs(['novalue'])).toThrow(/name=value/);
    expect(() => parseCommandArgs(['[1]'])).toThrow();
  });

  it('npm run sandbox (start) prints its REST base URL and both WebSocket URLs, and stops on SIGTERM', async () => {
    const dir = tempDir();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, 'cli.ts'),
        '--port',
        '0',
        '--data-dir',
        dir,
        '--no-simulate',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URLs printed: ${out}`)), 60_000);
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('sandbox WS private')) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const rest = /sandbox REST\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      expect(rest).toBeDefined();
      const port = new URL(rest!).port;
      expect(out).toContain(`ws://127.0.0.1:${port}/v2/public`);
      expect(out).toContain(`ws://127.0.0.1:${port}/v2/private`);
      const t = await fetch(`${rest}/v2/time`);
      expect(t.status).toBe(200);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    }
  });
});
