// A key for a live exchange is kept encrypted (issue 18 item 9). The vendor's own client seals every
// private key it stores on disk by default (docs/api-decisions.md, "Keystore"); here the whole keystore is
// sealed with a passphrase. Adding a live key sets the passphrase up unless the user explicitly chooses a
// plain file; sandbox keys (the imported demo pair, keys pinned to a loopback upstream) stay as they are.
import { resolve } from 'node:path';

export const PASSPHRASE_MIN_LENGTH = 8;

export interface LiveAddInput {
  /** The key is for a real exchange (its upstream is not on loopback). */
  live: boolean;
  /** A passphrase is already in effect for this keystore: every save is sealed. */
  encrypted: boolean;
  /** A new passphrase offered with the key. */
  passphrase?: string;
  /** The user explicitly chose to store the keystore unencrypted. */
  plain?: boolean;
}

export type LiveAddDecision =
  | { ok: true; setPassphrase?: string }
  | { ok: false; code: 'KEYSTORE_PASSPHRASE_REQUIRED' | 'PASSPHRASE_TOO_SHORT'; message: string };

/** Whether a key may be added as asked, and the passphrase to seal the keystore with first. */
export function decideLiveAdd(i: LiveAddInput, command = encryptCommand()): LiveAddDecision {
  if (!i.live || i.encrypted) return { ok: true };
  if (i.passphrase !== undefined && i.passphrase !== '') {
    if (i.passphrase.length < PASSPHRASE_MIN_LENGTH)
      return {
        ok: false,
        code: 'PASSPHRASE_TOO_SHORT',
        message: `the keystore passphrase needs at least ${PASSPHRASE_MIN_LENGTH} characters`,
      };
    return { ok: true, setPassphrase: i.passphrase };
  }
  if (i.plain) return { ok: true };
  return {
    ok: false,
    code: 'KEYSTORE_PASSPHRASE_REQUIRED',
    message:
      'a key for the live exchange is stored encrypted: give a keystore passphrase, or choose explicitly to ' +
      `store it unencrypted (it can be encrypted later with \`${command}\`)`,
  };
}

/** The exact command that encrypts the keystore in configDir (the flag only when it is not the default). */
export function encryptCommand(configDir?: string): string {
  const flag = configDir && resolve(configDir) !== resolve('.proxy') ? ` --config-dir ${configDir}` : '';
  return `npm run proxy -- passphrase set${flag}`;
}

export interface PlainKeystoreState {
  /** The keystore file on disk is plain JSON. */
  plainOnDisk: boolean;
  /** How many profiles it holds, and how many of them are pinned to a live upstream. */
  profiles: number;
  pinnedLive: number;
}

/** The warning printed when the proxy starts on (or with keys for) a live exchange and the keystore is plain. */
export function plainKeystoreWarning(
  s: PlainKeystoreState,
  o: { live: boolean; path: string; configDir?: string },
): string | null {
  if (!s.plainOnDisk || s.profiles === 0 || (!o.live && s.pinnedLive === 0)) return null;
  return [
    `WARNING: the keystore ${o.path} holds ${s.profiles} key profile(s) UNENCRYPTED (file mode 0600 only)`,
    `while keys are used on the live exchange. Encrypt it (scrypt + AES-256-GCM) with:`,
    `    ${encryptCommand(o.configDir)}`,
    'then start the proxy with the passphrase (it asks, or reads KAPI_PASSPHRASE).',
  ].join('\n');
}
