import { readFileSync } from 'node:fs';
import type { Keystore } from './store.js';
import type { StoredProfile } from './types.js';

interface SandboxCredentials {
  hmac?: { apiKey?: string; secret?: string };
  ed25519?: { apiKey?: string; privateKeyPem?: string };
}

/** Imports a sandbox credentials.json (contract section 2) as two profiles; idempotent. */
export function importSandboxCredentials(store: Keystore, path: string, upstream?: string): StoredProfile[] {
  const creds = JSON.parse(readFileSync(path, 'utf8')) as SandboxCredentials;
  const out: StoredProfile[] = [];
  if (creds.hmac?.apiKey && creds.hmac.secret) {
    out.push(
      store.add({
        id: 'sandbox-hmac',
        label: 'Sandbox (HMAC)',
        apiKey: creds.hmac.apiKey,
        type: 'hmac-sha256',
        secret: creds.hmac.secret,
        upstream,
        allowWithdrawals: true,
      }),
    );
  }
  if (creds.ed25519?.apiKey && creds.ed25519.privateKeyPem) {
    out.push(
      store.add({
        id: 'sandbox-ed25519',
        label: 'Sandbox (ED25519)',
        apiKey: creds.ed25519.apiKey,
        type: 'ed25519',
        privateKeyPem: creds.ed25519.privateKeyPem,
        upstream,
        allowWithdrawals: true,
      }),
    );
  }
  if (out.length === 0) throw new Error('credentials file holds no usable key');
  return out;
}
