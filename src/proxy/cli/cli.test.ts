import { spawnSync } from 'node:child_process';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Keystore } from '../keystore/store.js';
import { tempDir } from '../testing/harness.js';
import { keyAdd, keygen, keyList, keyRemove } from './commands.js';

describe('CLI commands', () => {
  it('key add reads the secret from a file; list shows hints only; remove', async () => {
    const dir = tempDir();
    const file = join(tempDir(), 'secret.txt');
    writeFileSync(file, 'cli-secret-value-123\n');
    const out = await keyAdd(dir, { apiKey: 'CLIKEY-ABCDEFGH', label: 'cli', secretFile: file });
    expect(out).not.toContain('cli-secret-value-123');
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
    const direct = await keygen(dir, { apiKey: 'ED-KEY-12345678', label: 'ed' });
    expect(direct).toContain('stored in the keystore');
    expect(new Keystore(dir).load().list()[0]?.type).toBe('ed25519');
  });

  it('refuses secrets on the command line', () => {
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, '..', 'cli.ts'),
        'key',
        'add',
        '--api-key',
        'x',
        '--secret=hunter2',
      ],
      { encoding: 'utf8', timeout: 20_000 },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('never taken from the command line');
    expect(r.stderr + r.stdout).not.toContain('hunter2');
  });
});
