// Sandbox <-> paper mode from the page (issue 22 item 1): `npm start` runs the sandbox, the proxy and
// the dashboard in one process, so it can close its stack and start the other mode on the same ports
// with the same session token (the open tab keeps working after a reload). The proxy serves it as
// GET/POST /api/mode (proxy/http/modeApi.ts); a stack on another upstream or a replay cannot switch
// and the page shows the exact command instead.
import { join } from 'node:path';
import type { StackMode } from './core/proxyApi/mode.js';
import type { ModeControl } from './proxy/http/modeApi.js';
import { reportPaperSource, type Stack, type StackOptions, startStack } from './stack.js';

export interface ModeSwitcherOptions {
  /** The options the stack started with, without dataDir / paper / mode. */
  base: Omit<StackOptions, 'dataDir' | 'paper' | 'mode'>;
  /** The --data-dir the user gave (paper mode lives in <it>/paper). */
  rootDataDir: string;
  startedIn: StackMode;
  paperSource?: string;
  canSwitch: boolean;
  log: (line: string) => void;
}

const portOf = (url: string) => Number(new URL(url).port) || undefined;

export function modeSwitcher(o: ModeSwitcherOptions) {
  let stack: Stack | undefined;
  let mode: StackMode = o.startedIn;
  let switching: StackMode | undefined;
  const dirArg = o.rootDataDir === '.' ? '' : ` --data-dir ${o.rootDataDir}`;
  const commands = {
    sandbox: `npm start --${dirArg ? `${dirArg}` : ''}`.replace(/ --$/, ''),
    paper: `npm start -- --paper${o.paperSource ? ` --source ${o.paperSource}` : ''}${dirArg}`,
  };

  const optionsFor = (m: 'sandbox' | 'paper', prev: Stack): StackOptions => {
    const token = new URL(prev.startUrl).searchParams.get('token') ?? undefined;
    return {
      ...o.base,
      // the keystore passphrase typed at start belongs to the first mode's keystore
      passphrase: m === o.startedIn ? o.base.passphrase : process.env.KAPI_PASSPHRASE,
      dataDir: m === 'paper' ? join(o.rootDataDir, 'paper') : o.rootDataDir,
      ...(m === 'paper' ? { paper: o.paperSource ? { source: o.paperSource } : {} } : {}),
      proxyPort: portOf(prev.proxyUrl),
      ...(prev.sandbox ? { sandboxPort: portOf(prev.sandbox.restUrl) } : {}),
      ...(token ? { token } : {}),
      mode: control,
    };
  };

  async function switchTo(next: 'sandbox' | 'paper'): Promise<void> {
    const prev = stack;
    if (!prev || switching || next === mode) return;
    switching = next;
    o.log(`Restarting into ${next} mode (asked from the page)`);
    try {
      await prev.close();
      try {
        stack = await startStack(optionsFor(next, prev));
        mode = next;
      } catch (e) {
        console.error(`could not start ${next} mode: ${(e as Error).message}; back to ${mode}`);
        stack = await startStack(optionsFor(mode === 'paper' ? 'paper' : 'sandbox', prev));
      }
      if (mode === 'paper' && stack.sandbox?.marketSource)
        void reportPaperSource(stack.sandbox.marketSource, o.log);
      o.log(`Open the dashboard: ${stack.startUrl}`);
    } finally {
      switching = undefined;
    }
  }

  const control: ModeControl = {
    info() {
      const s = stack?.sandbox?.marketSource?.status();
      return {
        mode,
        canSwitch: o.canSwitch && switching === undefined,
        commands,
        ...(s
          ? {
              source: {
                origin: s.origin,
                state: s.state,
                since: s.since,
                lastDataAt: s.lastDataAt,
                ...(s.code ? { code: s.code } : {}),
              },
            }
          : {}),
        ...(switching ? { switching } : {}),
      };
    },
    ...(o.canSwitch ? { switchTo: (m: 'paper' | 'sandbox') => void switchTo(m) } : {}),
  };

  return {
    control,
    /** The stack running now (replaced by a switch). */
    current: () => stack,
    started(s: Stack) {
      stack = s;
    },
  };
}
