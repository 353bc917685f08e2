// What createProxy (index.ts) takes and gives back.
import type { ConditionalEngine, EngineOptions } from './conditional/engine.js';
import type { Forwarder } from './forward/forwarder.js';
import type { ModeControl } from './http/modeApi.js';
import type { Keystore } from './keystore/store.js';
import type { LedgerOptions, LedgerService } from './ledger/index.js';
import type { Journal } from './orders/journal.js';
import type { OrderPlacer } from './orders/placer.js';
import type { Recorder } from './recorder/recorder.js';
import type { Relay } from './relay/relay.js';
import type { Upstream } from './upstreams.js';

export interface ProxyOptions {
  host?: string; // loopback, port 0 = random
  port?: number;
  upstream: Upstream;
  configDir: string; // keystore, journal (SQLite)
  importCredentials?: string; // sandbox credentials.json to import as profiles
  staticDir?: string; // built SPA (dist/)
  token?: string; // session token (else kept in configDir/session-token, mode 0600)
  log?: (line: string) => void; // already-redacted lines
  /** One log line per /api request (method, path, status, ms); off by default, refusals and failures are always logged. */
  accessLog?: boolean;
  // --- beyond contract section 3 (all optional) ---
  passphrase?: string; // keystore passphrase (default: env KAPI_PASSPHRASE)
  allowNonLoopback?: boolean; // listen on a non-loopback address anyway (warns)
  recvWindow?: number; // ms, sent with every signed request (default 5000)
  timeoutMs?: number; // upstream request timeout (default 10000)
  lookupDelayMs?: number; // wait before looking up an order after an ambiguous outcome (default 1000)
  clockRefreshMs?: number; // clock re-sync period (default 60000)
  relayBackoff?: { baseMs: number; capMs: number; pingMs?: number };
  maxQueue?: number; // per rate-limit bucket (default 200)
  /** Loopback origins of a dev server that proxies /api and /ws here (e.g. Vite: http://127.0.0.1:5173). */
  devOrigins?: string[];
  /** Desk equity snapshots every N ms (npm start and the proxy CLI: 60000); absent or 0 = only on request. */
  equitySampleMs?: number;
  /** Conditional-order engine tuning (tests); see src/proxy/conditional/engine.ts. */
  conditional?: EngineOptions;
  /** The account ledger's sync (issue 21); it runs when this is given or equitySampleMs is set. */
  ledger?: LedgerOptions;
  /** Sandbox / paper mode of the stack and its restart (`/api/mode`; given by npm start). */
  mode?: ModeControl;
}

export interface ProxyHandle {
  url: string;
  startUrl: string;
  token: string;
  close(): Promise<void>;
  /** For tests and diagnostics; not part of the contract. */
  internals: {
    keystore: Keystore;
    journal: Journal;
    relay: Relay;
    forwarder: Forwarder;
    placer: OrderPlacer;
    conditional: ConditionalEngine;
    ledger: LedgerService;
    recorder: Recorder;
  };
}
