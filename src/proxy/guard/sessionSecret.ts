// The session token is kept beside the keystore (file `session-token`, mode 0600) so an open tab
// survives a proxy restart on the same config directory; `npm run proxy -- session rotate` writes a
// new one, which ends every browser session at the proxy's next start.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  unwatchFile,
  watchFile,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { newSessionToken } from './token.js';

export const SESSION_TOKEN_FILE = 'session-token';

const TOKEN_RE = /^[A-Za-z0-9_-]{32,128}$/;

export function sessionTokenPath(configDir: string): string {
  return join(configDir, SESSION_TOKEN_FILE);
}

function write(configDir: string, token: string): void {
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  const path = sessionTokenPath(configDir);
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${token}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}

/** The stored token, or a new one written now (a missing or malformed file is replaced). */
export function loadOrCreateSessionToken(configDir: string): string {
  const path = sessionTokenPath(configDir);
  if (existsSync(path)) {
    const stored = readFileSync(path, 'utf8').trim();
    if (TOKEN_RE.test(stored)) {
      chmodSync(path, 0o600);
      return stored;
    }
  }
  const token = newSessionToken();
  write(configDir, token);
  return token;
}

/** Replaces the stored token; open tabs lose their session when the proxy next starts. */
export function rotateSessionToken(configDir: string): string {
  const token = newSessionToken();
  write(configDir, token);
  return token;
}

/** Calls onChange with the new token when the file is rotated (polled each second); returns stop. */
export function watchSessionToken(configDir: string, onChange: (token: string) => void): () => void {
  const path = sessionTokenPath(configDir);
  let last = existsSync(path) ? readFileSync(path, 'utf8').trim() : '';
  const listener = () => {
    let now: string;
    try {
      now = readFileSync(path, 'utf8').trim();
    } catch {
      return; // removed: keep the token in use until a new one is written
    }
    if (now === last || !TOKEN_RE.test(now)) return;
    last = now;
    onChange(now);
  };
  const watcher = watchFile(path, { interval: 1000, persistent: false }, listener);
  return () => {
    watcher.removeAllListeners();
    unwatchFile(path, listener);
  };
}
