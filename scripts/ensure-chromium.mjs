// Finds a Chromium for Playwright without ever downloading a browser build.
// Order: CHROMIUM_PATH, /usr/bin/chromium, then (Debian + root) `apt-get install -y chromium`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  Boolean,
);
const found = candidates.find((p) => existsSync(p));
if (found) {
  console.log(`chromium: ${found}`);
  process.exit(0);
}
const isDebian = existsSync('/etc/debian_version') || /debian/i.test(safeRead('/etc/os-release'));
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isDebian && isRoot) {
  console.log('chromium not found: installing the Debian package (apt-get install -y chromium)');
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch (err) {
    console.error(`installing chromium failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  if (existsSync('/usr/bin/chromium')) process.exit(0);
}
console.error(
  'No Chromium found. Install one and rerun, e.g.:\n  sudo apt-get install -y chromium\nor set CHROMIUM_PATH=/path/to/chromium',
);
process.exit(1);

function safeRead(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
