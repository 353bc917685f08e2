// Test-only: a proxy in its own process, so a test can kill -9 it (conditional restarts, a ledger sync cut
// half way). Config as JSON in argv[2] (`ledger` turns the ledger's sync on); the session token comes from
// env KAPI_TEST_TOKEN. Prints one line `READY <url>` when listening.
import { createProxy, type ProxyOptions } from '../index.js';

const cfg = JSON.parse(process.argv[2] ?? '{}') as {
  restUrl: string;
  wsPublicUrl: string;
  wsPrivateUrl: string;
  configDir: string;
  credentials: string;
  ledger?: ProxyOptions['ledger'];
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
  ...(cfg.ledger ? { ledger: cfg.ledger } : {}),
});
process.stdout.write(`READY ${proxy.url}\n`);
