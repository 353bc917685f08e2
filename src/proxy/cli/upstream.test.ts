// `--upstream sandbox|live|former|<url>`, the `live` flag of /api/session, and `key add` reading
// the secret from stdin through the real CLI process.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Keystore } from '../keystore/store.js';
import { startTestProxy, tempDir } from '../testing/harness.js';
import {
  FORMER_UPSTREAM,
  isLiveUpstream,
  LIVE_UPSTREAM,
  resolveUpstream,
  SANDBOX_UPSTREAM,
  type Upstream,
  upstreamFromFlag,
} from '../upstreams.js';

const CLI = join(import.meta.dirname, '..', 'cli.ts');

describe('--upstream', () => {
  it('maps sandbox, live, former and URLs; refuses anything else', () => {
    expect(upstreamFromFlag(undefined)).toEqual(SANDBOX_UPSTREAM);
    expect(upstreamFromFlag('sandbox').restUrl).toBe('http://127.0.0.1:9999');
    expect(upstreamFromFlag('live')).toEqual(LIVE_UPSTREAM);
    expect(LIVE_UPSTREAM.restUrl).toBe('https://api.digitalx.miraeasset.com');
    expect(upstreamFromFlag('former')).toEqual(FORMER_UPSTREAM);
    expect(FORMER_UPSTREAM.restUrl).toBe('https://api.korbit.co.kr');
    expect(upstreamFromFlag('https://ex.example:8443/ignored/path')).toEqual({
      name: 'custom',
      restUrl: 'https://ex.example:8443',
      wsPublicUrl: 'wss://ex.example:8443/v2/public',
      wsPrivateUrl: 'wss://ex.example:8443/v2/private',
    });
    expect(upstreamFromFlag('http://127.0.0.1:1234').wsPrivateUrl).toBe('ws://127.0.0.1:1234/v2/private');
    expect(() => resolveUpstream('staging')).toThrow(/unknown upstream/);
    expect(() => resolveUpstream('ftp://x.example')).toThrow(/http or https/);
  });

  it('live means any non-loopback upstream', () => {
    expect(isLiveUpstream(LIVE_UPSTREAM)).toBe(true);
    expect(isLiveUpstream(FORMER_UPSTREAM)).toBe(true);
    expect(isLiveUpstream(upstreamFromFlag('https://10.0.0.5'))).toBe(true);
    expect(isLiveUpstream(SANDBOX_UPSTREAM)).toBe(false);
    expect(isLiveUpstream(upstreamFromFlag('http://localhost:9999'))).toBe(false);
    expect(isLiveUpstream(upstreamFromFlag('http://[::1]:9999'))).toBe(false);
  });

  it('/api/session tells the dashboard which upstream, with live: true for a real exchange', async () => {
    // TEST-NET-1 (192.0.2.0/24) is never routed: the clock sync fails quietly, no real exchange is called
    const unreachable = (name: Upstream['name']) => ({
      url: 'http://192.0.2.1:9',
      wsPublicUrl: 'ws://192.0.2.1:9/v2/public',
      wsPrivateUrl: 'ws://192.0.2.1:9/v2/private',
      name,
    });
    for (const name of ['live', 'former', 'custom'] as const) {
      const u = unreachable(name);
      const t = await startTestProxy(u, {
        upstream: { name, restUrl: u.url, wsPublicUrl: u.wsPublicUrl, wsPrivateUrl: u.wsPrivateUrl },
        timeoutMs: 300,
      });
      try {
        const s = await t.api('GET', '/api/session');
        expect(s.json.upstream).toEqual({ name, restUrl: 'http://192.0.2.1:9', live: true });
        // an unreachable live upstream is an error envelope, not a hang or a crash
        const r = await t.api('GET', '/api/v2/tickers');
        expect(r.json.error.message).toMatch(/^UPSTREAM_(UNREACHABLE|TIMEOUT)$/);
      } finally {
        await t.proxy.close();
      }
    }
  });
});

describe('key add through the CLI process', () => {
  it('reads the secret from stdin (a pipe) and never echoes it', () => {
    const dir = tempDir();
    const secret = 'piped-secret-0123456789abcdef';
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', CLI, 'key', 'add', '--api-key', 'STDINKEY-ABCDEFGH', '--label', 'piped', '--plain'],
      {
        encoding: 'utf8',
        input: `${secret}\n`,
        timeout: 30_000,
        env: { ...process.env, KAPI_CONFIG_DIR: dir, KAPI_PASSPHRASE: '' },
      },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('added profile');
    expect(r.stdout + r.stderr).not.toContain(secret);
    expect(r.stdout + r.stderr).not.toContain('STDINKEY-ABCDEFGH');
    const p = new Keystore(dir).load().list()[0]!;
    expect(p).toMatchObject({ apiKey: 'STDINKEY-ABCDEFGH', label: 'piped', type: 'hmac-sha256', secret });
  });

  it('npm run keygen: the keygen subcommand prints the SPKI public key and keeps the private key', () => {
    const dir = tempDir();
    const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, 'keygen'], {
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, KAPI_CONFIG_DIR: dir },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/-----BEGIN PUBLIC KEY-----/);
    expect(r.stdout).not.toMatch(/PRIVATE KEY-----/);
    expect(r.stdout).toContain(dir);
  });
});
