// Test-only: a proxy in its own process with the ledger sync on, so a test can kill -9 it mid-sync.
// Config as JSON in argv[2]; the session token comes from env KAPI_TEST_TOKEN. Prints `READY <url>`.
import { createProxy, type ProxyOptions } from '../../index.js';

const cfg = JSON.parse(process.argv[2] ?? '{}') as {
  restUrl: string;
  wsPublicUrl: string;
  wsPrivateUrl: string;
  configDir: string;
  credentials: string;
  ledger: ProxyOptions['ledger'];
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
  ledger: cfg.ledger,
});
process.stdout.write(`READY ${proxy.url}\n`);
