/**
 * `npm run sandbox [-- <flags>] [subcommand ...]`
 *   (no subcommand)  start the sandbox: --host 127.0.0.1 --port 9999 --data-dir ./.sandbox --seed N --speed X --no-simulate
 *   status           print the URLs and the demo credentials of --data-dir
 *   <admin command>  run a scenario control (see docs/sandbox.md), e.g.
 *                    balance currency=krw amount=5000000 accountSeq=2
 *                    price symbol=btc_krw price=150000000
 *                    pair symbol=xrp_krw status=stopped
 *     Calls the admin API of a sandbox running on --host/--port, or, when none answers, applies
 *     the change directly to the store in --data-dir.
 */
import { createSandbox } from './index.js';
import { readCredentials } from './provision.js';

const COMMANDS: Record<string, { method: 'GET' | 'POST'; path: string }> = {
  state: { method: 'GET', path: '/admin/state' },
  invariants: { method: 'GET', path: '/admin/invariants' },
  'create-user': { method: 'POST', path: '/admin/users' },
  'create-account': { method: 'POST', path: '/admin/accounts' },
  'create-key': { method: 'POST', path: '/admin/keys' },
  'update-key': { method: 'POST', path: '/admin/keys/update' },
  balance: { method: 'POST', path: '/admin/balance' },
  deposit: { method: 'POST', path: '/admin/deposit' },
  'withdrawal-address': { method: 'POST', path: '/admin/withdrawableAddress' },
  price: { method: 'POST', path: '/admin/market/price' },
  pair: { method: 'POST', path: '/admin/market/status' },
  bounds: { method: 'POST', path: '/admin/market/bounds' },
  'tick-policy': { method: 'POST', path: '/admin/market/tickPolicy' },
  fees: { method: 'POST', path: '/admin/market/fees' },
  'open-order-limit': { method: 'POST', path: '/admin/openOrderLimit' },
  'cancel-all': { method: 'POST', path: '/admin/cancelAll' },
  'user-status': { method: 'POST', path: '/admin/users/status' },
  network: { method: 'POST', path: '/admin/funding/network' },
  sim: { method: 'POST', path: '/admin/market/sim' },
};

interface Flags {
  host: string;
  port: number;
  dataDir: string;
  seed: number;
  speed: number;
  simulate: boolean;
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
    else f.rest.push(a);
  }
  return f;
}

function parseArgs(args: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of args) {
    const eq = a.indexOf('=');
    if (eq < 0) throw new Error(`expected name=value, got ${a}`);
    const k = a.slice(0, eq);
    const v = a.slice(eq + 1);
    out[k] = v.startsWith('[') || v.startsWith('{') ? JSON.parse(v) : v;
  }
  return out;
}

async function admin(f: Flags, cmd: string, args: string[]): Promise<void> {
  const c = COMMANDS[cmd];
  if (!c) throw new Error(`unknown command ${cmd}; one of: status, ${Object.keys(COMMANDS).join(', ')}`);
  const input = parseArgs(args);
  const url = `http://${f.host}:${f.port}${c.path}`;
  try {
    const r = await fetch(url, {
      method: c.method,
      headers: { 'Content-Type': 'application/json' },
      body: c.method === 'POST' ? JSON.stringify(input) : undefined,
    });
    console.log(JSON.stringify(await r.json(), null, 2));
    return;
  } catch {
    // no sandbox running there: apply to the store directly
  }
  const sb = await createSandbox({ dataDir: f.dataDir, port: 0, simulate: false });
  try {
    const r = await fetch(`${sb.restUrl}${c.path}`, {
      method: c.method,
      headers: { 'Content-Type': 'application/json' },
      body: c.method === 'POST' ? JSON.stringify(input) : undefined,
    });
    console.log(JSON.stringify(await r.json(), null, 2));
  } finally {
    await sb.close();
  }
}

async function main(): Promise<void> {
  const f = parseFlags(process.argv.slice(2));
  const [cmd, ...args] = f.rest;
  if (cmd === 'status') {
    let creds = readCredentials(f.dataDir);
    if (!creds) {
      const sb = await createSandbox({ dataDir: f.dataDir, port: 0, simulate: false });
      creds = sb.credentials;
      await sb.close();
    }
    console.log(`REST        http://${f.host}:${f.port}`);
    console.log(`WS public   ws://${f.host}:${f.port}/v2/public`);
    console.log(`WS private  ws://${f.host}:${f.port}/v2/private`);
    console.log(`data dir    ${f.dataDir}`);
    console.log(JSON.stringify(creds, null, 2));
    return;
  }
  if (cmd) return admin(f, cmd, args);
  const sb = await createSandbox({
    host: f.host,
    port: f.port,
    dataDir: f.dataDir,
    seed: f.seed,
    speed: f.speed,
    simulate: f.simulate,
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
