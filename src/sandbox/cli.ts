/**
 * `npm run sandbox [-- <flags>] [subcommand ...]`
 *   (no subcommand)  start the sandbox: --host 127.0.0.1 --port 9999 --data-dir ./.sandbox --seed N --speed X --no-simulate
 *                    --publish-ms 25 (public WebSocket publish interval per pair)
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

interface Flags {
  host: string;
  port: number;
  dataDir: string;
  seed: number;
  speed: number;
  simulate: boolean;
  publishMs?: number;
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
    else f.rest.push(a);
  }
  return f;
}

async function main(): Promise<void> {
  const f = parseFlags(process.argv.slice(2));
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
    log: (l) => console.log(l),
  });
  console.log(`sandbox REST       ${sb.restUrl}`);
  console.log(`sandbox WS public  ${sb.wsPublicUrl}`);
  console.log(`sandbox WS private ${sb.wsPrivateUrl}`);
  console.log(`admin API          ${sb.adminUrl}`);
  console.log(`credentials        ${sb.credentialsPath}  (npm run sandbox -- status)`);
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
