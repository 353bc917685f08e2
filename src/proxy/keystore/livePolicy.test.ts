// A key for the live exchange is kept encrypted (issue 18 item 9): the rule, the start warning, and the file.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAKE_HMAC } from '../testing/fakeUpstream.js';
import { tempDir } from '../testing/harness.js';
import { decideLiveAdd, encryptCommand, plainKeystoreWarning } from './livePolicy.js';
import { Keystore } from './store.js';

describe('adding a live key', () => {
  it('is refused with a code unless a passphrase is given or a plain file is chosen', () => {
    expect(decideLiveAdd({ live: true, encrypted: false })).toMatchObject({
      ok: false,
      code: 'KEYSTORE_PASSPHRASE_REQUIRED',
    });
    expect(decideLiveAdd({ live: true, encrypted: false, passphrase: '' })).toMatchObject({ ok: false });
    expect(decideLiveAdd({ live: true, encrypted: false, passphrase: 'short' })).toMatchObject({
      ok: false,
      code: 'PASSPHRASE_TOO_SHORT',
    });
    expect(decideLiveAdd({ live: true, encrypted: false, passphrase: 'long enough' })).toEqual({
      ok: true,
      setPassphrase: 'long enough',
    });
    // a passphrase wins over a plain choice sent with it
    expect(decideLiveAdd({ live: true, encrypted: false, passphrase: 'long enough', plain: true })).toEqual({
      ok: true,
      setPassphrase: 'long enough',
    });
    expect(decideLiveAdd({ live: true, encrypted: false, plain: true })).toEqual({ ok: true });
  });

  it('asks nothing more when a passphrase is in effect, nor for a sandbox key', () => {
    expect(decideLiveAdd({ live: true, encrypted: true })).toEqual({ ok: true });
    expect(decideLiveAdd({ live: true, encrypted: true, passphrase: 'ignored-here' })).toEqual({ ok: true });
    expect(decideLiveAdd({ live: false, encrypted: false })).toEqual({ ok: true });
  });

  it('seals the keystore in the same write: the file holds no secret in clear', () => {
    const dir = tempDir();
    const k = new Keystore(dir).load();
    k.add(
      { apiKey: FAKE_HMAC.apiKey, type: 'hmac-sha256', secret: FAKE_HMAC.secret },
      { passphrase: 'pass-1234' },
    );
    const bytes = readFileSync(k.path);
    expect(bytes.includes(FAKE_HMAC.secret)).toBe(false);
    expect(bytes.includes(FAKE_HMAC.apiKey)).toBe(false);
    expect(k.encrypted).toBe(true);
    expect(new Keystore(dir, 'pass-1234').load().list()[0]?.secret).toBe(FAKE_HMAC.secret);
  });
});

describe('starting on the live exchange with a plain keystore', () => {
  const plainWith = (profiles: object[]) => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'keystore.json'),
      JSON.stringify({ version: 1, defaultProfileId: null, profiles }),
    );
    return dir;
  };

  it('warns with the exact command that encrypts it', () => {
    const dir = plainWith([{ id: 'a', apiKey: 'k', secret: 's' }]);
    const w = plainKeystoreWarning(Keystore.plainState(dir), {
      live: true,
      path: join(dir, 'keystore.json'),
      configDir: dir,
    });
    expect(w).toContain('UNENCRYPTED');
    expect(w).toContain(`npm run proxy -- passphrase set --config-dir ${dir}`);
    expect(encryptCommand('.proxy')).toBe('npm run proxy -- passphrase set');
  });

  it('stays quiet on the sandbox, for a sealed or empty keystore; a key pinned to live warns anywhere', () => {
    const path = 'x/keystore.json';
    const plain = plainWith([{ id: 'a', apiKey: 'k', secret: 's' }]);
    expect(plainKeystoreWarning(Keystore.plainState(plain), { live: false, path })).toBeNull();
    expect(plainKeystoreWarning(Keystore.plainState(plainWith([])), { live: true, path })).toBeNull();
    expect(plainKeystoreWarning(Keystore.plainState(tempDir()), { live: true, path })).toBeNull();
    const sealed = tempDir();
    new Keystore(sealed, 'pass-1234').load().add({ apiKey: 'k1', type: 'hmac-sha256', secret: 's1' });
    expect(plainKeystoreWarning(Keystore.plainState(sealed), { live: true, path })).toBeNull();
    const pinned = plainWith([{ id: 'a', apiKey: 'k', secret: 's', upstream: 'live' }]);
    expect(plainKeystoreWarning(Keystore.plainState(pinned), { live: false, path })).toContain(
      'passphrase set',
    );
  });
});
