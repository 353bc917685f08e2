import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ed25519PublicKeyFromSeed,
  pkcs8PemFromSeed,
  randomEd25519Seed,
  spkiPemFromPublicKey,
} from '../../core/sign.js';
import { ProxyError } from '../errors.js';
import { decideLiveAdd, encryptCommand, PASSPHRASE_MIN_LENGTH } from '../keystore/livePolicy.js';
import { Keystore } from '../keystore/store.js';
import { toPublicProfile } from '../keystore/types.js';
import { isLiveUpstream, resolveUpstream } from '../upstreams.js';
import { promptHidden, readStdin } from './prompt.js';

/** Passphrase from KAPI_PASSPHRASE, or a hidden prompt when the keystore is encrypted. */
export async function keystorePassphrase(configDir: string): Promise<string | undefined> {
  const env = process.env.KAPI_PASSPHRASE;
  if (env) return env;
  if (Keystore.isEncryptedFile(configDir)) return (await promptHidden('Keystore passphrase: ')) || undefined;
  return undefined;
}

export async function openKeystore(configDir: string, passphrase?: string): Promise<Keystore> {
  return new Keystore(configDir, passphrase ?? (await keystorePassphrase(configDir))).load();
}

export interface KeyAddArgs {
  label?: string;
  apiKey?: string;
  type?: string;
  secretFile?: string;
  upstream?: string;
  allowWithdrawals?: boolean;
  /** --plain: keep the keystore unencrypted even though the key may be used on the live exchange. */
  plain?: boolean;
}

/**
 * A key added from the command line counts as live unless it is pinned to a loopback upstream: the
 * sandbox's demo keys are imported, not added, and an unpinned key follows whatever `--upstream` the
 * proxy starts with, so it is sealed like the vendor's client seals every key it stores.
 */
function keyMayBeLive(upstream: string | undefined): boolean {
  if (!upstream) return true;
  if (upstream === 'sandbox') return false;
  try {
    return isLiveUpstream(resolveUpstream(upstream));
  } catch {
    return true;
  }
}

/** A new keystore passphrase: KAPI_PASSPHRASE, else asked twice on the terminal, else none. */
async function newPassphrase(): Promise<string | undefined> {
  if (process.env.KAPI_PASSPHRASE) return process.env.KAPI_PASSPHRASE;
  if (!process.stdin.isTTY) return undefined;
  process.stderr.write('A key for the live exchange is kept encrypted. Choose a keystore passphrase.\n');
  const p1 = await promptHidden('New keystore passphrase: ');
  if (p1 !== (await promptHidden('Repeat: '))) throw new Error('passphrases differ');
  return p1;
}

/** The passphrase a live key seals the keystore with (undefined: none needed), or a coded refusal. */
async function sealingFor(
  store: Keystore,
  configDir: string,
  live: boolean,
  plain: boolean,
): Promise<{ setPassphrase?: string }> {
  const offered = live && !store.encrypted && !plain ? await newPassphrase() : undefined;
  const sealing = decideLiveAdd(
    { live, encrypted: store.encrypted, passphrase: offered, plain },
    encryptCommand(configDir),
  );
  if (sealing.ok) return sealing;
  throw new ProxyError(
    400,
    sealing.code,
    sealing.code === 'KEYSTORE_PASSPHRASE_REQUIRED'
      ? 'a key for the live exchange is stored encrypted: run the command on a terminal (it asks for a ' +
          'passphrase), or set KAPI_PASSPHRASE, or pass --plain to store it unencrypted'
      : sealing.message,
  );
}

/** `key add`: the secret comes from --secret-file, a pipe on stdin, or a hidden prompt; never argv. */
export async function keyAdd(configDir: string, a: KeyAddArgs): Promise<string> {
  if (!a.apiKey) throw new Error('--api-key is required');
  const type = a.type ?? 'hmac-sha256';
  const store = await openKeystore(configDir);
  // decided before the secret is read, so a refused add asks for nothing
  const live = keyMayBeLive(a.upstream);
  const sealing = await sealingFor(store, configDir, live, a.plain === true);
  let secret: string;
  if (a.secretFile) secret = readFileSync(a.secretFile, 'utf8');
  else if (!process.stdin.isTTY) secret = await readStdin();
  else
    secret = await promptHidden(type === 'ed25519' ? 'Paste the PKCS#8 PEM, then Enter: ' : 'HMAC secret: ');
  const p = store.add(
    {
      label: a.label,
      apiKey: a.apiKey,
      type,
      secret,
      upstream: a.upstream,
      allowWithdrawals: a.allowWithdrawals === true,
    },
    { passphrase: sealing.setPassphrase },
  );
  const added = `added profile ${p.id} (${p.type}, key ${toPublicProfile(p).apiKeyHint})`;
  if (store.encrypted)
    return `${added}\nkeystore encrypted (scrypt + AES-256-GCM): the proxy asks for the passphrase at start, or reads KAPI_PASSPHRASE`;
  if (live)
    return `${added}\nstored UNENCRYPTED (--plain); encrypt it later with: ${encryptCommand(configDir)}`;
  return added;
}

export async function keyList(configDir: string): Promise<string> {
  const store = await openKeystore(configDir);
  const def = store.defaultProfileId;
  const rows = store.list().map((p) => {
    const v = toPublicProfile(p);
    return `${p.id === def ? '*' : ' '} ${v.id}\t${v.type}\t${v.apiKeyHint}\t${v.label}${v.allowWithdrawals ? '\twithdrawals' : ''}${v.upstream ? `\t${v.upstream}` : ''}`;
  });
  return rows.length ? rows.join('\n') : '(no profiles)';
}

export async function keyRemove(configDir: string, id: string | undefined): Promise<string> {
  if (!id) throw new Error('usage: key remove <profileId>');
  const store = await openKeystore(configDir);
  if (!store.remove(id)) throw new Error(`no profile ${id}`);
  return `removed ${id}`;
}

export async function keyDefault(configDir: string, id: string | undefined): Promise<string> {
  if (!id) throw new Error('usage: key default <profileId>');
  const store = await openKeystore(configDir);
  if (!store.setDefault(id)) throw new Error(`no profile ${id}`);
  return `default profile: ${id}`;
}

/**
 * `keygen`: a new ED25519 pair. With --api-key the profile is stored at once; otherwise the PKCS#8
 * private key is kept in <configDir>/keys/ (0600) for a later `key add --type ed25519 --secret-file`.
 * Prints the SPKI public key to register with the exchange.
 */
export async function keygen(
  configDir: string,
  a: { label?: string; apiKey?: string; plain?: boolean },
): Promise<string> {
  // with --api-key the new key is stored at once: it is for the exchange, so it is sealed like `key add`
  const store = a.apiKey ? await openKeystore(configDir) : undefined;
  const sealing = store ? await sealingFor(store, configDir, true, a.plain === true) : {};
  const seed = randomEd25519Seed();
  const privatePem = pkcs8PemFromSeed(seed);
  const publicPem = spkiPemFromPublicKey(ed25519PublicKeyFromSeed(seed));
  let where: string;
  if (a.apiKey && store) {
    const p = store.add(
      { label: a.label, apiKey: a.apiKey, type: 'ed25519', privateKeyPem: privatePem },
      { passphrase: sealing.setPassphrase },
    );
    where = `private key stored in the ${store.encrypted ? 'encrypted ' : ''}keystore as profile ${p.id}`;
  } else {
    const dir = join(configDir, 'keys');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = join(dir, `ed25519-${new Date().toISOString().replace(/[:.]/g, '-')}.pem`);
    writeFileSync(file, privatePem, { mode: 0o600 });
    chmodSync(file, 0o600);
    where =
      `private key (PKCS#8) kept in ${file} (mode 0600).\n` +
      'After registering the public key, add it with:\n' +
      `  npm run proxy -- key add --type ed25519 --api-key <API_KEY> --secret-file ${file}`;
  }
  return `Public key (SPKI) to register with the exchange:\n\n${publicPem}\n${where}`;
}

export async function setPassphrase(configDir: string, clear: boolean): Promise<string> {
  const store = await openKeystore(configDir);
  if (clear) {
    store.setPassphrase(undefined);
    return 'keystore is now stored without a passphrase (file mode 0600 only)';
  }
  const p1 = await promptHidden('New passphrase: ');
  const p2 = await promptHidden('Repeat: ');
  if (p1 !== p2) throw new Error('passphrases differ');
  if (p1.length < PASSPHRASE_MIN_LENGTH) throw new Error(`use at least ${PASSPHRASE_MIN_LENGTH} characters`);
  store.setPassphrase(p1);
  return 'keystore encrypted (scrypt + AES-256-GCM); start the proxy with KAPI_PASSPHRASE or answer the prompt';
}
