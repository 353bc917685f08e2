// `npm start`: sandbox exchange + signing proxy + dashboard in one command.
//   --upstream sandbox|live|former|<url>   (default sandbox)
//   --port N (proxy, default 8787)  --sandbox-port N (default 9999)  --data-dir DIR (default .)
//   --seed N  --speed X  --no-simulate  --history-days N  --json (print one machine-readable line)
//   --scenario calm|trending-up|flash-crash|new-listing|pair-halted|throttling|stream-outage (sandbox only)
//   --demo (sandbox only: the demo user gets 30 days of its own orders, fills and funding history; implied by --scenario)
//   --profile standard|live-strict (sandbox only: live-strict takes live's stricter readings and failures)
//   --replay FILE [--speed X] (sandbox only: the market replays a recording; data under <data-dir>/.replay)
//   --paper [--source URL] (paper mode: the live exchange's public market, or the v2 base URL given, mirrored into
//     a local sandbox account; data under <data-dir>/paper; docs/sandbox.md "Paper mode")
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isScenarioName, SCENARIO_NAMES } from './core/scenarios.js';
import { keystorePassphrase } from './proxy/cli/commands.js';
import { plainKeystoreWarning } from './proxy/keystore/livePolicy.js';
import { Keystore } from './proxy/keystore/store.js';
import { isLiveUpstream, upstreamFromFlag } from './proxy/upstreams.js';
import { loadRecording } from './sandbox/market/replayFile.js';
import { isProfileName, PROFILE_NAMES } from './sandbox/profile.js';
import { seedDemoHistory } from './sandbox/scenarios/demoHistory.js';
import { directorFor } from './sandbox/scenarios/director.js';
import { reportPaperSource, startStack } from './stack.js';
import { modeSwitcher } from './stackMode.js';

const { values } = parseArgs({
  options: {
    upstream: { type: 'string', default: 'sandbox' },
    port: { type: 'string', default: '8787' },
    'sandbox-port': { type: 'string', default: '9999' },
    'data-dir': { type: 'string', default: '.' },
    seed: { type: 'string' },
    speed: { type: 'string' },
    'no-simulate': { type: 'boolean', default: false },
    'history-days': { type: 'string' },
    json: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
    'access-log': { type: 'boolean', default: false },
    scenario: { type: 'string' },
    demo: { type: 'boolean', default: false },
    profile: { type: 'string' },
    replay: { type: 'string' },
    paper: { type: 'boolean', default: false },
    source: { type: 'string' },
  },
  strict: true,
});

function intArg(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) {
    console.error(`--${name} must be a whole number (got ${JSON.stringify(v)})`);
    process.exit(2);
  }
  return Number(v);
}

// KAPI_STATIC_DIR lets parallel test runs serve their own build (vite build --outDir X).
const staticDir = resolve(process.env.KAPI_STATIC_DIR ?? 'dist');
if (!existsSync(resolve(staticDir, 'index.html'))) {
  console.error('dist/index.html is missing: run `npm run build` first (npm start does this for you).');
  process.exit(1);
}

if (values.scenario !== undefined && !isScenarioName(values.scenario)) {
  console.error(`--scenario must be one of ${SCENARIO_NAMES.join(', ')}`);
  process.exit(2);
}

if (values.profile !== undefined && !isProfileName(values.profile)) {
  console.error(`--profile must be one of ${PROFILE_NAMES.join(', ')}`);
  process.exit(2);
}
if (values.profile !== undefined && (values.upstream ?? 'sandbox') !== 'sandbox') {
  console.error('--profile needs the sandbox upstream; ignored');
}

function paperChoice(): { source?: string } | undefined {
  if (!values.paper) {
    if (values.source !== undefined) console.error('--source needs --paper; ignored');
    return undefined;
  }
  if (
    (values.upstream ?? 'sandbox') !== 'sandbox' ||
    values.replay !== undefined ||
    values.scenario !== undefined
  ) {
    console.error(
      '--paper runs its own local account: it cannot be combined with --upstream, --replay or --scenario',
    );
    process.exit(2);
  }
  if (values.source === undefined) return {};
  try {
    const u = new URL(values.source);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('not http(s)');
  } catch {
    console.error(
      `--source must be a v2 base URL such as https://api.example.com (got ${JSON.stringify(values.source)})`,
    );
    process.exit(2);
  }
  return { source: values.source };
}

const replayFile = values.replay === undefined ? undefined : resolve(values.replay);
if (replayFile !== undefined) {
  if ((values.upstream ?? 'sandbox') !== 'sandbox') {
    console.error('--replay needs the sandbox upstream');
    process.exit(2);
  }
  try {
    loadRecording(replayFile); // a missing or damaged file is told here, not as a stack trace
  } catch (e) {
    console.error(`--replay: ${(e as Error).message} (RECORDING_INVALID)`);
    process.exit(2);
  }
}
const paper = paperChoice();
// a replay keeps its own sandbox and proxy state, apart from the simulated market's; so does paper mode
const dataDir = join(values['data-dir'] ?? '.', replayFile ? '.replay' : paper ? 'paper' : '');

const log = values.quiet || values.json ? () => {} : (line: string) => console.log(line);
const speed = values.speed === undefined ? undefined : Number(values.speed);
if (speed !== undefined && !(speed > 0)) {
  console.error('--speed must be a positive number');
  process.exit(2);
}

// a sealed keystore is opened with KAPI_PASSPHRASE or a hidden prompt; a plain one holding keys for the live
// exchange gets a warning naming the command that encrypts it (issue 18 item 9)
const proxyConfigDir = join(resolve(dataDir), '.proxy');
const passphrase = await keystorePassphrase(proxyConfigDir).catch((e: unknown) => {
  console.error((e as Error).message);
  process.exit(1);
});
const upstreamIsLive = (() => {
  try {
    return isLiveUpstream(upstreamFromFlag(values.upstream));
  } catch {
    return false;
  }
})();

const stackOptions = {
  passphrase,
  proxyPort: intArg('port', values.port),
  sandboxPort: intArg('sandbox-port', values['sandbox-port']),
  upstream: values.upstream,
  seed: intArg('seed', values.seed),
  ...(replayFile ? { replay: { file: replayFile, ...(speed !== undefined ? { speed } : {}) } } : { speed }),
  simulate: values['no-simulate'] ? false : undefined,
  historyDays: intArg('history-days', values['history-days']),
  ...(values.profile !== undefined && isProfileName(values.profile) ? { profile: values.profile } : {}),
  staticDir,
  log,
  accessLog: values['access-log'],
};
// sandbox <-> paper from Settings: the stack restarts itself on the same ports (src/stackMode.ts)
const modes = modeSwitcher({
  base: stackOptions,
  rootDataDir: values['data-dir'] ?? '.',
  startedIn: paper
    ? 'paper'
    : replayFile || (values.upstream ?? 'sandbox') !== 'sandbox'
      ? 'other'
      : 'sandbox',
  ...(paper?.source ? { paperSource: paper.source } : {}),
  canSwitch: !replayFile && (values.upstream ?? 'sandbox') === 'sandbox',
  log,
});
const stack = await startStack({
  ...stackOptions,
  dataDir,
  ...(paper ? { paper } : {}),
  mode: modes.control,
});
modes.started(stack);

const plainWarning = plainKeystoreWarning(Keystore.plainState(proxyConfigDir), {
  live: upstreamIsLive,
  path: join(proxyConfigDir, 'keystore.json'),
  configDir: proxyConfigDir,
});
if (plainWarning) console.error(`\n${plainWarning}\n`);

if (paper && stack.sandbox?.marketSource) await reportPaperSource(stack.sandbox.marketSource, log);

if ((values.demo || values.scenario !== undefined) && stack.sandbox && !paper) {
  const h = seedDemoHistory(stack.sandbox.internals);
  if (h.orders > 0)
    log(`Demo history: ${h.orders} orders, ${h.fills} fills, ${h.funding} deposits/withdrawals/transfers`);
}
if (values.scenario !== undefined && isScenarioName(values.scenario)) {
  if (!stack.sandbox) {
    console.error('--scenario needs the sandbox upstream; ignored');
  } else {
    directorFor(stack.sandbox.internals).start(values.scenario);
    log(`Demo scenario: ${values.scenario}`);
  }
}

if (values.json) {
  console.log(
    `STACK_READY ${JSON.stringify({
      startUrl: stack.startUrl,
      proxyUrl: stack.proxyUrl,
      upstream: stack.upstreamName,
      sandbox: stack.sandbox
        ? {
            restUrl: stack.sandbox.restUrl,
            adminUrl: stack.sandbox.adminUrl,
            credentialsPath: stack.sandbox.credentialsPath,
            profile: stack.sandbox.internals.profile.name,
          }
        : null,
      ...(stack.sandbox?.marketSource ? { marketSource: stack.sandbox.marketSource.status() } : {}),
    })}`,
  );
} else {
  const live = stack.upstreamName === 'live' || stack.upstreamName === 'former';
  if (stack.sandbox) {
    console.log(
      `Sandbox exchange: ${stack.sandbox.restUrl} (WS ${stack.sandbox.wsPublicUrl}, ${stack.sandbox.wsPrivateUrl})`,
    );
    if (stack.sandbox.internals.profile.strict) console.log('Sandbox profile: live-strict');
    if (replayFile)
      console.log(`Replaying ${replayFile} at ${speed ?? 1}x (pause, speed, seek: POST /admin/replay)`);
  } else {
    console.log(`Upstream: ${stack.upstreamName}${live ? ' — LIVE EXCHANGE, REAL MONEY' : ''}`);
  }
  console.log(`\nOpen the dashboard: ${stack.startUrl}\n`);
}

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await (modes.current() ?? stack).close().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
