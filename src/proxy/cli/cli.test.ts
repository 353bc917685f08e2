import { spawn, spawnSync } from 'node:child_process';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Keystore } from '../keystore/store.js';
import { tempDir } from '../testing/harness.js';
import { keyAdd, keygen, keyList, keyRemove } from './commands.js';

const CLI = join(import.meta.dirname, '..', 'cli.ts');

describe('CLI commands', () => {
  it('key add reads the secret from a file; list shows hints only; remove', async () => {
    const dir = tempDir();
    const file = join(tempDir(), 'secret.txt');
    writeFileSync(file, 'cli-secret-value-123\n');
    const out = await keyAdd(dir, { apiKey: 'CLIKEY-ABCDEFGH', label: 'cli', secretFile: file, plain: true });
    expect(out).not.toContain('cli-secret-value-123');
    expect(out).toContain('UNENCRYPTED (--plain)');
    expect(out).toContain('npm run proxy -- passphrase set --config-dir');
    const list = await keyList(dir);
    expect(list).toContain('CLIK…EFGH');
    expect(list).not.toContain('CLIKEY-ABCDEFGH');
    const p = new Keystore(dir).load().list()[0]!;
    expect(p.secret).toBe('cli-secret-value-123');
    expect(await keyRemove(dir, p.id)).toContain(p.id);
  });

  it('keygen keeps a 0600 PKCS#8 key whose SPKI public key is printed', async () => {
    const dir = tempDir();
    const out = await keygen(dir, {});
    const pem = /-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/.exec(out)![0];
    const file = /kept in (\S+\.pem)/.exec(out)![1]!;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const derived = createPublicKey(createPrivateKey(readFileSync(file, 'utf8'))).export({
      type: 'spki',
      format: 'pem',
    });
    expect(String(derived).trim()).toBe(pem.trim());
    // stored at once with --api-key: a key for the exchange, so sealed unless --plain
    await expect(keygen(dir, { apiKey: 'ED-KEY-12345678', label: 'ed' })).rejects.toThrow(
      /^KEYSTORE_PASSPHRASE_REQUIRED/,
    );
    const direct = await keygen(dir, { apiKey: 'ED-KEY-12345678', label: 'ed', plain: true });
    expect(direct).toContain('stored in the keystore');
    expect(new Keystore(dir).load().list()[0]?.type).toBe('ed25519');
  });

  it('refuses secrets on the command line', () => {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', CLI, 'key', 'add', '--api-key', 'x', '--secret=hunter2'],
      { encoding: 'utf8', timeout: 20_000 },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('never taken from the command line');
    expect(r.stderr + r.stdout).not.toContain('hunter2');
  });

  it('key add for the live exchange without a passphrase or --plain is refused with a code, nothing saved', async () => {
    const file = join(tempDir(), 'secret.txt');
    writeFileSync(file, 'live-secret-value-456\n');
    for (const upstream of ['live', 'former', 'https://10.0.0.5', undefined]) {
      const dir = tempDir();
      await expect(keyAdd(dir, { apiKey: 'LIVEKEY-12345678', secretFile: file, upstream })).rejects.toThrow(
        /^KEYSTORE_PASSPHRASE_REQUIRED: .*--plain/,
      );
      expect(existsSync(join(dir, 'keystore.json'))).toBe(false);
    }
    // a key pinned to a loopback upstream is a sandbox key: stored as before
    const dir = tempDir();
    await keyAdd(dir, { apiKey: 'SBXKEY-12345678', secretFile: file, upstream: 'http://127.0.0.1:9999' });
    expect(readFileSync(join(dir, 'keystore.json'), 'utf8')).toContain('live-secret-value-456');
  });

  it('key add for the live exchange with a passphrase leaves no secret in clear on disk', async () => {
    const dir = tempDir();
    const file = join(tempDir(), 'secret.txt');
    writeFileSync(file, 'live-secret-value-789\n');
    const before = process.env.KAPI_PASSPHRASE;
    process.env.KAPI_PASSPHRASE = 'pass-phrase-1';
    try {
      const out = await keyAdd(dir, { apiKey: 'LIVEKEY-ABCDEFGH', secretFile: file, upstream: 'live' });
      expect(out).toContain('keystore encrypted');
    } finally {
      if (before === undefined) delete process.env.KAPI_PASSPHRASE;
      else process.env.KAPI_PASSPHRASE = before;
    }
    const bytes = readFileSync(join(dir, 'keystore.json'));
    expect(bytes.includes('live-secret-value-789')).toBe(false);
    expect(bytes.includes('LIVEKEY-ABCDEFGH')).toBe(false);
    expect(new Keystore(dir, 'pass-phrase-1').load().list()[0]?.secret).toBe('live-secret-value-789');
  });

  it('starting on a live upstream with a plain keystore prints how to encrypt it', async () => {
    const dir = tempDir();
    new Keystore(dir).load().add({ apiKey: 'PLAIN-KEY-1234', type: 'hmac-sha256', secret: 'plain-secret-1' });
    // TEST-NET-1 is never routed: no real exchange is called; the proxy still starts and prints its URL
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CLI, '--upstream', 'https://192.0.2.1', '--port', '0', '--config-dir', dir],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, KAPI_PASSPHRASE: '' } },
    );
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    await new Promise<void>((done, fail) => {
      child.stdout.on('data', (d) => {
        if (String(d).includes('Open http')) done();
      });
      child.on('exit', (code) => fail(new Error(`proxy exited (${code}): ${stderr}`)));
    });
    child.kill('SIGTERM');
    expect(stderr).toContain('UNENCRYPTED');
    expect(stderr).toContain(`npm run proxy -- passphrase set --config-dir ${dir}`);
    expect(stderr).not.toContain('plain-secret-1');
  });
});
