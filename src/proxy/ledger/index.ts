// The ledger room's door (issue 21 item 1): store, sync and the service the routes use.
import type { Desk } from '../desk/desk.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { Keystore } from '../keystore/store.js';
import type { RateLimiter } from '../limiter/limiter.js';
import type { Logger } from '../log.js';
import type { Relay } from '../relay/relay.js';
import { DayOpenings } from './openings.js';
import { LedgerService } from './service.js';
import { LedgerStore } from './store.js';
import { LedgerSync } from './sync.js';

export type { LedgerService } from './service.js';

export interface LedgerOptions {
  /** Timer period (default 5 minutes; 0 = none). */
  periodMs?: number;
  /** Ledger reads per second and account at most (default 5; the exchange allows 50 private reads). */
  readsPerSec?: number;
  /** myTrades page size (default 1000, the exchange's maximum). */
  pageLimit?: number;
  /** Wait after a placement or cancel before its account's fills are read (default 2000 ms). */
  afterOrderMs?: number;
}

export function createLedger(
  opts: { configDir: string; ledger?: LedgerOptions },
  o: {
    forwarder: Forwarder;
    keystore: Keystore;
    limiter: RateLimiter;
    log: Logger;
    desk?: Desk;
    relay?: Relay;
  },
): { service: LedgerService; start(): void; close(): Promise<void> } {
  const options = opts.ledger;
  const store = new LedgerStore(opts.configDir);
  const sync = new LedgerSync({
    store,
    forwarder: o.forwarder,
    keystore: o.keystore,
    limiter: o.limiter,
    log: o.log,
    periodMs: options?.periodMs,
    afterOrderMs: options?.afterOrderMs,
    pageLimit: options?.pageLimit,
    pacer: { readsPerSec: options?.readsPerSec },
  });
  // a myTrade frame the relay passes to a browser: read that account's fills (the frame is not stored)
  if (o.relay) o.relay.onPrivateFrame = (profileId, frame) => sync.onPrivateFrame(profileId, frame);
  const service = new LedgerService(store, sync, o.forwarder, o.desk?.store);
  // the desk's day P&L starts from the ledger's 00:00 equity when no snapshot is from then
  const openings = o.desk ? new DayOpenings(service, o.log) : null;
  if (openings) o.desk?.takeOpeningsFrom((owner, seq, dayStart) => openings.get(owner, seq, dayStart));
  return {
    service,
    start: () => {
      sync.start();
      // the day's openings as soon as the first sync has read the day's rows
      if (openings) void sync.idle().then(() => openings.refresh());
    },
    async close() {
      sync.close();
      await sync.idle().catch(() => {});
      await openings?.idle();
      store.close();
    },
  };
}
