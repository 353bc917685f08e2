// Test-only: a proxy in its own process, so a test can kill -9 it. Config as JSON in argv[2];
// the session token comes from env KAPI_TEST_TOKEN. Prints one line `READY <url>` when listening.
import { createProxy } from '../../index.js';

const cfg = JSON.parse(process.argv[2] ?? '{}') as {
  restUrl: string;
  wsPublicUrl: string;
  wsPrivateUrl: string;
  configDir: string;
  credentials: string;
};
const proxy = await createProxy({
  port: 0,
  upstream: {
    name: 'custom',
    restUrl: cfg.restUrl,
    wsPublicUrl: cfg.wsPublicUrl,
    wsPrivateUrl: cfg.wsPrivateUrl,
  },
  configDir: cfg.configDir,
  importCredentials: cfg.credentials,
  token: process.env.KAPI_TEST_TOKEN,
  log: () => {},
  relayBackoff: { baseMs: 50, capMs: 200 },
  conditional: { pollMs: 100 },
});
process.stdout.write(`READY ${proxy.url}\n`);
