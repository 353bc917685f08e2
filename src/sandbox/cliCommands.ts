/**
 * The sandbox CLI's subcommands: `status` and one scenario command per admin route (docs/sandbox.md).
 * A command calls the admin API of the sandbox running on --host/--port; when none answers it opens
 * the store in --data-dir and applies the change there (except commands that only make sense in a
 * running process: faults and the simulation).
 */
import { createSandbox } from './index.js';
import { readCredentials } from './provision.js';

export interface CliTarget {
  host: string;
  port: number;
  dataDir: string;
}

interface Command {
  method: 'GET' | 'POST';
  path: string;
  /** Only meaningful in a running sandbox (in-process state): no store fallback. */
  running?: true;
}

export const COMMANDS: Record<string, Command> = {
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
  sim: { method: 'POST', path: '/admin/market/sim', running: true },
  'sim-status': { method: 'GET', path: '/admin/market/sim', running: true },
  faults: { method: 'GET', path: '/admin/faults', running: true },
  fault: { method: 'POST', path: '/admin/faults', running: true },
  'faults-reset': { method: 'POST', path: '/admin/faults/reset', running: true },
  'fault-ws': { method: 'POST', path: '/admin/faults/ws', running: true },
  // `refuse-private code=KEY_EXPIRED`; without a code it switches the refusal off
  'refuse-private': { method: 'POST', path: '/admin/ws/refusePrivate', running: true },
  'refuse-private-status': { method: 'GET', path: '/admin/ws/refusePrivate', running: true },
  scenario: { method: 'POST', path: '/admin/scenario', running: true },
  'scenario-status': { method: 'GET', path: '/admin/scenario', running: true },
  // without arguments `profile` only shows the profile (an empty change)
  profile: { method: 'POST', path: '/admin/profile', running: true },
  'profile-status': { method: 'GET', path: '/admin/profile', running: true },
  // a sandbox started with --replay: `replay action=pause`, `replay action=seek value=60000`, `replay action=speed value=2`
  replay: { method: 'POST', path: '/admin/replay', running: true },
  'replay-status': { method: 'GET', path: '/admin/replay', running: true },
};

/**
 * `name=value` arguments (a value starting with `[` or `{` is JSON; `true`/`false` are booleans);
 * an argument that is itself a JSON object is merged whole (e.g. a fault configuration).
 */
export function parseCommandArgs(args: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of args) {
    if (a.startsWith('{')) {
      const v = JSON.parse(a) as unknown;
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('expected a JSON object');
      Object.assign(out, v);
      continue;
    }
    const eq = a.indexOf('=');
    if (eq <= 0) throw new Error(`expected name=value, got ${a}`);
    const k = a.slice(0, eq);
    const v = a.slice(eq + 1);
    out[k] =
      v.startsWith('[') || v.startsWith('{')
        ? JSON.parse(v)
        : v === 'true'
          ? true
          : v === 'false'
            ? false
            : v;
  }
  return out;
}

async function send(base: string, c: Command, input: Record<string, unknown>): Promise<unknown> {
  const r = await fetch(`${base}${c.path}`, {
    method: c.method,
    headers: { 'Content-Type': 'application/json' },
    body: c.method === 'POST' ? JSON.stringify(input) : undefined,
  });
  return r.json();
}

/** Runs one scenario command; returns the admin API's JSON answer. */
export async function runAdminCommand(t: CliTarget, cmd: string, args: string[]): Promise<unknown> {
  const c = COMMANDS[cmd];
  if (!c) throw new Error(`unknown command ${cmd}; one of: status, ${Object.keys(COMMANDS).join(', ')}`);
  const input = parseCommandArgs(args);
  let answer: unknown;
  let reached = true;
  try {
    answer = await send(`http://${t.host}:${t.port}`, c, input);
  } catch {
    reached = false; // nothing listening there (or not a sandbox)
  }
  if (reached) return answer;
  if (c.running) throw new Error(`${cmd} needs a running sandbox; none answered on ${t.host}:${t.port}`);
  const sb = await createSandbox({ dataDir: t.dataDir, port: 0, simulate: false });
  try {
    return await send(sb.restUrl, c, input);
  } finally {
    await sb.close();
  }
}

/** `status`: the URLs and the demo credentials of --data-dir (provisioned now when missing). */
export async function statusText(t: CliTarget): Promise<string> {
  let creds = readCredentials(t.dataDir);
  if (!creds) {
    // provisioning only: the seeded market history is written at the first real start
    const sb = await createSandbox({ dataDir: t.dataDir, port: 0, simulate: false, historyDays: 0 });
    creds = sb.credentials;
    await sb.close();
  }
  return [
    `REST        http://${t.host}:${t.port}`,
    `WS public   ws://${t.host}:${t.port}/v2/public`,
    `WS private  ws://${t.host}:${t.port}/v2/private`,
    `admin API   http://${t.host}:${t.port}/admin`,
    `data dir    ${t.dataDir}`,
    JSON.stringify(creds, null, 2),
  ].join('\n');
}
