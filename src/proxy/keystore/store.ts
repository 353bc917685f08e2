import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLiveUpstream, resolveUpstream } from '../upstreams.js';
import { decryptJson, type EncryptedBlob, encryptJson } from './crypto.js';
import type { PlainKeystoreState } from './livePolicy.js';
import type { StoredProfile } from './types.js';
import { type NewProfileInput, validateProfileInput } from './validate.js';

export const KEYSTORE_FILE = 'keystore.json';

interface Contents {
  defaultProfileId: string | null;
  profiles: StoredProfile[];
}

interface FileShape {
  version: 1;
  encrypted?: EncryptedBlob;
  defaultProfileId?: string | null;
  profiles?: StoredProfile[];
}

/**
 * Profiles in `<configDir>/keystore.json`, mode 0600 (directory 0700). With a passphrase the whole
 * contents are sealed with scrypt + AES-256-GCM; without one they are plain JSON protected by the
 * file mode only.
 */
export class Keystore {
  private contents: Contents = { defaultProfileId: null, profiles: [] };
  readonly path: string;
  private onSecret: (s: string) => void = () => {};

  constructor(
    readonly configDir: string,
    private passphrase?: string,
  ) {
    this.path = join(configDir, KEYSTORE_FILE);
  }

  /** Called with every secret value loaded or added (the logger's redactor registers them). */
  watchSecrets(fn: (s: string) => void): void {
    this.onSecret = fn;
    for (const p of this.contents.profiles) this.registerSecrets(p);
  }

  static isEncryptedFile(configDir: string): boolean {
    const path = join(configDir, KEYSTORE_FILE);
    if (!existsSync(path)) return false;
    try {
      return Boolean((JSON.parse(readFileSync(path, 'utf8')) as FileShape).encrypted);
    } catch {
      return false;
    }
  }

  /** What a plain keystore file on disk holds (for the start warning); plainOnDisk false when sealed or absent. */
  static plainState(configDir: string): PlainKeystoreState {
    const path = join(configDir, KEYSTORE_FILE);
    const none = { plainOnDisk: false, profiles: 0, pinnedLive: 0 };
    if (!existsSync(path)) return none;
    let file: FileShape;
    try {
      file = JSON.parse(readFileSync(path, 'utf8')) as FileShape;
    } catch {
      return none;
    }
    if (file.encrypted) return none;
    const profiles = file.profiles ?? [];
    return { plainOnDisk: true, profiles: profiles.length, pinnedLive: profiles.filter(pinnedToLive).length };
  }

  load(): this {
    mkdirSync(this.configDir, { recursive: true, mode: 0o700 });
    if (!existsSync(this.path)) return this;
    const file = JSON.parse(readFileSync(this.path, 'utf8')) as FileShape;
    if (file.encrypted) {
      if (!this.passphrase)
        throw new Error('keystore is encrypted: set KAPI_PASSPHRASE or enter the passphrase');
      this.contents = decryptJson(file.encrypted, this.passphrase) as Contents;
    } else {
      this.contents = { defaultProfileId: file.defaultProfileId ?? null, profiles: file.profiles ?? [] };
    }
    for (const p of this.contents.profiles) this.registerSecrets(p);
    return this;
  }

  /** Sets (or removes, with undefined) the passphrase and rewrites the file. */
  setPassphrase(passphrase: string | undefined): void {
    this.passphrase = passphrase;
    if (passphrase) this.onSecret(passphrase);
    this.save();
  }

  get encrypted(): boolean {
    return Boolean(this.passphrase);
  }

  private save(): void {
    mkdirSync(this.configDir, { recursive: true, mode: 0o700 });
    const file: FileShape = this.passphrase
      ? { version: 1, encrypted: encryptJson(this.contents, this.passphrase) }
      : { version: 1, ...this.contents };
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, this.path);
  }

  private registerSecrets(p: StoredProfile): void {
    this.onSecret(p.secret);
    this.onSecret(p.apiKey);
  }

  list(): StoredProfile[] {
    return [...this.contents.profiles];
  }

  get(id: string): StoredProfile | undefined {
    return this.contents.profiles.find((p) => p.id === id);
  }

  get defaultProfileId(): string | null {
    const d = this.contents.defaultProfileId;
    if (d && this.get(d)) return d;
    return this.contents.profiles[0]?.id ?? null;
  }

  /** The profile for an X-Profile value, or the default one when absent. */
  resolve(id: string | undefined): StoredProfile | undefined {
    if (id) return this.get(id);
    const d = this.defaultProfileId;
    return d ? this.get(d) : undefined;
  }

  /**
   * Adds a profile, or replaces the one with the same apiKey (keeping its id). With `passphrase` the
   * keystore is sealed with it in the same write (the key is never on disk in clear, not even briefly).
   */
  add(input: NewProfileInput & { id?: string }, opts: { passphrase?: string } = {}): StoredProfile {
    const v = validateProfileInput(input);
    if (opts.passphrase) {
      this.passphrase = opts.passphrase;
      this.onSecret(opts.passphrase);
    }
    const existing = this.contents.profiles.find((p) => p.apiKey === v.apiKey);
    const id =
      existing?.id ??
      (typeof input.id === 'string' && /^[a-z0-9-]{1,40}$/.test(input.id) && !this.get(input.id)
        ? input.id
        : `p-${randomBytes(4).toString('hex')}`);
    const profile: StoredProfile = { id, ...v, createdAt: existing?.createdAt ?? Date.now() };
    this.contents.profiles = existing
      ? this.contents.profiles.map((p) => (p.id === id ? profile : p))
      : [...this.contents.profiles, profile];
    if (!this.contents.defaultProfileId) this.contents.defaultProfileId = id;
    this.registerSecrets(profile);
    this.save();
    return profile;
  }

  remove(id: string): boolean {
    const before = this.contents.profiles.length;
    this.contents.profiles = this.contents.profiles.filter((p) => p.id !== id);
    if (this.contents.profiles.length === before) return false;
    if (this.contents.defaultProfileId === id)
      this.contents.defaultProfileId = this.contents.profiles[0]?.id ?? null;
    this.save();
    return true;
  }

  setDefault(id: string): boolean {
    if (!this.get(id)) return false;
    this.contents.defaultProfileId = id;
    this.save();
    return true;
  }
}

function pinnedToLive(p: StoredProfile): boolean {
  if (!p.upstream) return false;
  try {
    return isLiveUpstream(resolveUpstream(p.upstream));
  } catch {
    return false;
  }
}
