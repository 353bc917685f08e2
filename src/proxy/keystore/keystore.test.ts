import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAKE_ED, FAKE_HMAC } from '../testing/fakeUpstream.js';
import { tempDir, writeFakeCredentials } from '../testing/harness.js';
import { importSandboxCredentials } from './importCredentials.js';
import { Keystore } from './store.js';
import { toPublicProfile } from './types.js';

describe('keystore', () => {
  it('stores profiles in a 0600 file and reloads them', () => {
    const dir = tempDir();
    const k = new Keystore(dir).load();
    const p = k.add({
      label: 'main',
      apiKey: FAKE_HMAC.apiKey,
      type: 'hmac-sha256',
      secret: FAKE_HMAC.secret,
    });
    expect(statSync(k.path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o077).toBe(0);
    const again = new Keystore(dir).load();
    expect(again.get(p.id)?.secret).toBe(FAKE_HMAC.secret);
    expect(again.defaultProfileId).toBe(p.id);
  });

  it('encrypts at rest with a passphrase (scrypt + AES-256-GCM)', () => {
    const dir = tempDir();
    const k = new Keystore(dir, 'correct horse battery').load();
    k.add({ apiKey: FAKE_ED.apiKey, type: 'ed25519', privateKeyPem: FAKE_ED.privateKeyPem });
    const raw = readFileSync(k.path, 'utf8');
    expect(raw).not.toContain(FAKE_ED.apiKey);
    expect(raw).not.toContain('PRIVATE KEY');
    expect(JSON.parse(raw).encrypted.kdf).toBe('scrypt');
    expect(Keystore.isEncryptedFile(dir)).toBe(true);
    expect(() => new Keystore(dir).load()).toThrow(/encrypted/);
    expect(() => new Keystore(dir, 'wrong').load()).toThrow(/wrong passphrase/);
    expect(new Keystore(dir, 'correct horse battery').load().list()).toHaveLength(1);
  });

  it('detects tampering of the encrypted file', () => {
    const dir = tempDir();
    const k = new Keystore(dir, 'pw-123456').load();
    k.add({ apiKey: FAKE_HMAC.apiKey, type: 'hmac-sha256', secret: FAKE_HMAC.secret });
    const file = JSON.parse(readFileSync(k.path, 'utf8'));
    const data = Buffer.from(file.encrypted.data, 'base64');
    data[0] = (data[0] ?? 0) ^ 1;
    file.encrypted.data = data.toString('base64');
    writeFileSync(k.path, JSON.stringify(file));
    expect(() => new Keystore(dir, 'pw-123456').load()).toThrow(/wrong passphrase or corrupted/);
  });

  it('validates input without quoting secrets in errors', () => {
    const k = new Keystore(tempDir()).load();
    const pem = '-----BEGIN PRIVATE KEY-----\nAAAASECRETSECRET\n-----END PRIVATE KEY-----\n';
    try {
      k.add({ apiKey: 'abc', type: 'ed25519', privateKeyPem: pem });
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message).not.toContain('SECRETSECRET');
    }
    expect(() => k.add({ apiKey: 'abc', type: 'rsa', secret: 'x' })).toThrow(/type/);
    expect(() => k.add({ apiKey: '', type: 'hmac-sha256', secret: 'x' })).toThrow(/apiKey/);
  });

  it('imports sandbox credentials idempotently and never exposes secrets publicly', () => {
    const dir = tempDir();
    const k = new Keystore(dir).load();
    const file = writeFakeCredentials(dir);
    importSandboxCredentials(k, file);
    importSandboxCredentials(k, file);
    expect(
      k
        .list()
        .map((p) => p.id)
        .sort(),
    ).toEqual(['sandbox-ed25519', 'sandbox-hmac']);
    for (const p of k.list()) {
      const pub = JSON.stringify(toPublicProfile(p));
      expect(pub).not.toContain(p.secret.slice(0, 20));
      expect(pub).not.toContain(p.apiKey);
    }
  });

  it('sets and removes the default profile', () => {
    const k = new Keystore(tempDir()).load();
    const a = k.add({ apiKey: 'key-aaaa-1111', type: 'hmac-sha256', secret: 's1-secret' });
    const b = k.add({ apiKey: 'key-bbbb-2222', type: 'hmac-sha256', secret: 's2-secret' });
    expect(k.setDefault(b.id)).toBe(true);
    expect(k.defaultProfileId).toBe(b.id);
    expect(k.remove(b.id)).toBe(true);
    expect(k.defaultProfileId).toBe(a.id);
    expect(k.setDefault('nope')).toBe(false);
    expect(JSON.parse(readFileSync(join(k.configDir, 'keystore.json'), 'utf8')).profiles).toHaveLength(1);
  });
});
