/**
 * `npm run sandbox [-- <flags>] [subcommand ...]`
 *   (no subcommand)  start the sandbox: --host 127.0.0.1 --port 9999 --data-dir ./.sandbox --seed N --speed X --no-simulate
 *                    --publish-ms 25 (public WebSocket publish interval per pair)
 *                    --profile standard|live-strict (live-strict: the stricter reading of every guess, TRY_AGAIN on
 *                    a share of first cancels, 503 on a share of reads; docs/sandbox.md "Profiles")
 *   --help           the usage text below
 *   status           print the URLs and the demo credentials of --data-dir
 *   <admin command>  run a scenario control (see docs/sandbox.md), e.g.
 *                    balance currency=krw amount=5000000 accountSeq=2
 *                    price symbol=btc_krw price=150000000
 *                    pair symbol=xrp_krw status=stopped
 *                    fault '{"clockSkewMs":2500}'   faults   faults-reset   fault-ws action=drop target=public
 *     Calls the admin API of a sandbox running on --host/--port, or, when none answers, applies
 *     the change directly to the store in --data-dir (faults and sim need a running sandbox).
 *     The commands live in cliCommands.ts.
 */

import { runAdminCommand, statusText } from './cliCommands.js';
import { createSandbox } from './index.js';
import { isProfileName, PROFILE_NAMES, type ProfileName } from './profile.js';

const USAGE = `npm run sandbox -- [flags] [subcommand ...]

Start the local exchange (no subcommand), or control a running one.

Flags:
  --host H              listen address (default 127.0.0.1)
  --port N              port (default 9999)
  --data-dir DIR        state and demo credentials (default ./.sandbox)
  --seed N              market simulation seed (default 1)
  --speed X             simulation speed (default 1)
  --no-simulate         no simulated market (the admin API can switch pairs on)
  --publish-ms N        public WebSocket publish interval per pair in ms (default 25)
  --profile NAME        standard (default) or live-strict: coin funding lists and lookups need
                        currency, order rows carry no closedAt/triggeredAt, the trade stream's
                        snapshot holds one row, 30% of first cancels answer TRY_AGAIN and 3% of
                        reads answer 503 (change the shares: profile tryAgainCancelShare=0.5)
  --help                this text

Subcommands:
  status                URLs and demo credentials of --data-dir
  <admin command>       e.g. balance currency=krw amount=5000000 accountSeq=2
                        price symbol=btc_krw price=150000000
                        fault '{"clockSkewMs":2500}'   faults   faults-reset
                        profile   profile readFailShare=0
                        (docs/sandbox.md lists them all)
`;

interface Flags {
  host: string;
  port: number;
  dataDir: string;
  seed: number;
  speed: number;
  simulate: boolean;
  publishMs?: number;
  profile?: ProfileName;
  help: boolean;
  rest: string[];
}

function parseFlags(argv: string[]): Flags {
  const f: Flags = {
    host: '127.0.0.1',
    port: 9999,
    dataDir: './.sandbox',
    seed: 1,
    speed: 1,
    simulate: true,
    help: false,
    rest: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--host') f.host = next();
    else if (a === '--port') f.port = Number(next());
    else if (a === '--data-dir') f.dataDir = next();
    else if (a === '--seed') f.seed = Number(next());
    else if (a === '--speed') f.speed = Number(next());
    else if (a === '--no-simulate') f.simulate = false;
    else if (a === '--publish-ms') f.publishMs = Number(next());
    else if (a === '--profile') {
      const v = next();
      if (!isProfileName(v)) throw new Error(`--profile must be one of ${PROFILE_NAMES.join(', ')}`);
      f.profile = v;
    } else if (a === '--help' || a === '-h') f.help = true;
    else f.rest.push(a);
  }
  return f;
}

async function main(): Promise<void> {
  const f = parseFlags(process.argv.slice(2));
  if (f.help) return void console.log(USAGE);
  const [cmd, ...args] = f.rest;
  if (cmd === 'status') return void console.log(await statusText(f));
  if (cmd) return void console.log(JSON.stringify(await runAdminCommand(f, cmd, args), null, 2));
  const sb = await createSandbox({
    host: f.host,
    port: f.port,
    dataDir: f.dataDir,
    seed: f.seed,
    speed: f.speed,
    simulate: f.simulate,
    ...(f.publishMs !== undefined ? { publishIntervalMs: f.publishMs } : {}),
    ...(f.profile !== undefined ? { profile: f.profile } : {}),
    log: (l) => console.log(l),
  });
  console.log(`sandbox REST       ${sb.restUrl}`);
  console.log(`sandbox WS public  ${sb.wsPublicUrl}`);
  console.log(`sandbox WS private ${sb.wsPrivateUrl}`);
  console.log(`admin API          ${sb.adminUrl}`);
  console.log(`credentials        ${sb.credentialsPath}  (npm run sandbox -- status)`);
  console.log(`profile            ${sb.internals.profile.name}`);
  const stop = () => {
    void sb.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(`sandbox: ${(e as Error).message}`);
  process.exit(1);
});
