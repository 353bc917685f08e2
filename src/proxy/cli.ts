// `npm run proxy -- [start] [options]`, `npm run proxy -- key add|list|remove|default`, `npm run keygen`,
// `npm run proxy -- passphrase set|clear`. See docs/operations.md.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  keyAdd,
  keyDefault,
  keygen,
  keyList,
  keyRemove,
  keystorePassphrase,
  openKeystore,
  setPassphrase,
} from './cli/commands.js';
import { doctorCommand } from './doctor/command.js';
import { rotateSessionToken } from './guard/sessionSecret.js';
import { createProxy } from './index.js';
import { plainKeystoreWarning } from './keystore/livePolicy.js';
import { Keystore } from './keystore/store.js';
import { isLiveUpstream, upstreamFromFlag } from './upstreams.js';

const USAGE = `usage:
  npm run proxy -- [start] [--upstream sandbox|live|former|<url>] [--port 8787] [--host 127.0.0.1]
                   [--config-dir .proxy] [--static dist] [--import-credentials file] [--recv-window 5000]
                   [--force-non-loopback] [--dev-origin http://127.0.0.1:5173] [--access-log]
  npm run proxy -- key add --api-key KEY --type hmac-sha256|ed25519 [--label L] [--secret-file F]
                   [--allow-withdrawals] [--upstream live|former|<url>] [--plain]
                   (secret: file, stdin or prompt; a key that may be used live seals the keystore with a
                    passphrase, asked on the terminal or KAPI_PASSPHRASE, unless --plain)
  npm run proxy -- key list | key remove <id> | key default <id>
  npm run keygen [-- --api-key KEY --label L [--plain]]
  npm run proxy -- passphrase set | passphrase clear
  npm run proxy -- session rotate [--port 8787] [--host 127.0.0.1]   (ends every open browser session)`;

if (process.argv.some((a) => /^--(secret|private-key|private-key-pem|passphrase)(=|$)/.test(a))) {
  console.error(
    'secrets are never taken from the command line (shell history, ps): use --secret-file, stdin or the prompt',
  );
  process.exit(2);
}

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        upstream: { type: 'string' },
        port: { type: 'string', default: '8787' },
        host: { type: 'string', default: '127.0.0.1' },
        'config-dir': { type: 'string' },
        static: { type: 'string' },
        'import-credentials': { type: 'string' },
        'recv-window': { type: 'string' },
        'force-non-loopback': { type: 'boolean', default: false },
        'dev-origin': { type: 'string' },
        'access-log': { type: 'boolean', default: false },
        'api-key': { type: 'string' },
        type: { type: 'string' },
        label: { type: 'string' },
        'secret-file': { type: 'string' },
        'allow-withdrawals': { type: 'boolean', default: false },
        plain: { type: 'boolean', default: false },
        profile: { type: 'string' },
        json: { type: 'boolean', default: false },
        lang: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
}
const { values, positionals } = parse();

const configDir = resolve(values['config-dir'] ?? process.env.KAPI_CONFIG_DIR ?? '.proxy');

async function start(): Promise<void> {
  const upstream = upstreamFromFlag(values.upstream);
  const passphrase = await keystorePassphrase(configDir);
  const keys = await openKeystore(configDir, passphrase);
  const plainWarning = plainKeystoreWarning(Keystore.plainState(configDir), {
    live: isLiveUpstream(upstream),
    path: keys.path,
    configDir: values['config-dir'],
  });
  if (plainWarning) console.error(`\n${plainWarning}\n`);
  if (keys.list().length === 0 && !values['import-credentials']) {
    console.error(`no key profiles in ${configDir} yet: add one with \`npm run proxy -- key add\``);
  }
  const staticDir = values.static
    ? resolve(values.static)
    : existsSync(resolve('dist/index.html'))
      ? resolve('dist')
      : undefined;
  const proxy = await createProxy({
    host: values.host,
    port: Number(values.port),
    upstream,
    configDir,
    passphrase,
    staticDir,
    importCredentials: values['import-credentials'],
    recvWindow: values['recv-window'] ? Number(values['recv-window']) : undefined,
    allowNonLoopback: values['force-non-loopback'],
    devOrigins: [values['dev-origin'] ?? process.env.KAPI_DEV_ORIGIN].filter((o): o is string => Boolean(o)),
    log: (line) => console.error(line),
    accessLog: values['access-log'],
    equitySampleMs: 60_000, // desk equity snapshots (day P&L since 00:00 KST)
  });
  if (isLiveUpstream(upstream)) {
    console.error(`\n  *** LIVE EXCHANGE: ${upstream.restUrl} — orders are real ***\n`);
  }
  // the start URL carries the session token: printed once, for the user only
  console.log(`Open ${proxy.startUrl}`);
  const stop = () => {
    proxy.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function main(): Promise<void> {
  const [cmd = 'start', sub, arg] = positionals;
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (cmd === 'start') return start();
  if (cmd === 'doctor') {
    const keys = await openKeystore(configDir);
    const r = await doctorCommand(keys, {
      upstream: upstreamFromFlag(values.upstream),
      profileId: values.profile,
      recvWindow: values['recv-window'] ? Number(values['recv-window']) : undefined,
      json: values.json,
      lang: values.lang === 'ko' ? 'ko' : 'en',
    });
    console.log(r.text);
    process.exitCode = r.code;
    return;
  }
  if (cmd === 'keygen') {
    console.log(
      await keygen(configDir, { label: values.label, apiKey: values['api-key'], plain: values.plain }),
    );
    return;
  }
  if (cmd === 'passphrase' && (sub === 'set' || sub === 'clear')) {
    console.log(await setPassphrase(configDir, sub === 'clear'));
    return;
  }
  if (cmd === 'session' && sub === 'rotate') {
    const token = rotateSessionToken(configDir);
    // the new start URL is printed once, for the user only (a running proxy picks the token up within seconds)
    console.log(`session token rotated; every open tab must sign in again with:`);
    console.log(`Open http://${values.host}:${values.port}/?token=${encodeURIComponent(token)}`);
    return;
  }
  if (cmd === 'key') {
    if (sub === 'add') {
      console.log(
        await keyAdd(configDir, {
          label: values.label,
          apiKey: values['api-key'],
          type: values.type,
          secretFile: values['secret-file'],
          upstream: values.upstream,
          allowWithdrawals: values['allow-withdrawals'],
          plain: values.plain,
        }),
      );
      return;
    }
    if (sub === 'list') return void console.log(await keyList(configDir));
    if (sub === 'remove') return void console.log(await keyRemove(configDir, arg));
    if (sub === 'default') return void console.log(await keyDefault(configDir, arg));
  }
  console.error(USAGE);
  process.exitCode = 2;
}

main().catch((e: unknown) => {
  // messages are ours and never include secret values
  console.error(`error: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
