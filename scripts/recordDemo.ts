// `npm run record-demo [-- --seconds N --out FILE]`: makes the shipped demo recording from the
// sandbox (issue 22 item 2). A fresh sandbox (seed 7) runs the calm scenario; the proxy's recorder
// records btc_krw and eth_krw (ticker, orderbook, trade) for N seconds (default 150) to
// recordings/demo-calm.ndjson.gz. Replay it with `npm start -- --replay recordings/demo-calm.ndjson.gz`.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createProxy } from '../src/proxy/index.js';
import { createSandbox } from '../src/sandbox/index.js';
import { directorFor } from '../src/sandbox/scenarios/director.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '150' },
    out: { type: 'string', default: 'recordings/demo-calm.ndjson.gz' },
  },
});
const seconds = Number(values.seconds);
if (!(seconds > 0 && seconds <= 600)) throw new Error('--seconds must be 1..600');
const out = resolve(values.out);

const root = mkdtempSync(join(tmpdir(), 'kapi-record-demo-'));
const sandbox = await createSandbox({
  port: 0,
  dataDir: join(root, 'sandbox'),
  seed: 7,
  historyDays: 0,
  publishIntervalMs: 250, // at most four book frames a second per pair: a small file
});
const proxy = await createProxy({
  port: 0,
  upstream: {
    name: 'sandbox',
    restUrl: sandbox.restUrl,
    wsPublicUrl: sandbox.wsPublicUrl,
    wsPrivateUrl: sandbox.wsPrivateUrl,
  },
  configDir: join(root, 'proxy'),
  importCredentials: sandbox.credentialsPath,
});
try {
  directorFor(sandbox.internals).start('calm');
  const recorder = proxy.internals.recorder;
  const { recordedMarkets, launchedPairRows } = await import('../src/proxy/recorder/markets.js');
  const symbols = ['btc_krw', 'eth_krw'];
  const rows = (await launchedPairRows(proxy.internals.forwarder)) ?? [];
  recorder.start({
    symbols,
    includeAccount: false,
    markets: await recordedMarkets(proxy.internals.forwarder, symbols, rows),
  });
  console.log(`recording ${symbols.join(', ')} of the calm scenario for ${seconds} s ...`);
  for (let left = seconds; left > 0; left -= 10) {
    await new Promise((r) => setTimeout(r, Math.min(10, left) * 1000));
    const st = recorder.state().current;
    if (st) console.log(`  ${Math.round(st.durationMs / 1000)} s, ${st.frames} frames, ${st.bytes} bytes`);
  }
  const done = (await recorder.stop()).last!;
  mkdirSync(dirname(out), { recursive: true });
  copyFileSync(done.path, out);
  console.log(
    `wrote ${out}: ${statSync(out).size} bytes, ${done.frames} frames, ${Math.round(done.durationMs / 1000)} s`,
  );
} finally {
  await proxy.close();
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
}
