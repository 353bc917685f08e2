/** Everything the REST handlers and the admin API reach (a superset of SandboxContext). */
import type { Auth } from './auth/verify.js';
import type { SandboxBus } from './context.js';
import type { Committer } from './exchange/commit.js';
import type { MarketRegistry } from './exchange/markets.js';
import type { Exchange } from './exchange/service.js';
import type { Trading } from './exchange/trading.js';
import type { FaultInjector } from './faults/index.js';
import type { Funding } from './funding/funding.js';
import type { Ledger } from './ledger/ledger.js';
import type { RateLimiter } from './limits/limiter.js';
import type { MarketController } from './market/index.js';
import type { SandboxProfile } from './profile.js';
import type { Store } from './store/db.js';
import type { Users } from './users/users.js';

export interface SbxInternals {
  store: Store;
  ledger: Ledger;
  markets: MarketRegistry;
  trading: Trading;
  exchange: Exchange;
  users: Users;
  auth: Auth;
  funding: Funding;
  commit: Committer;
  bus: SandboxBus;
  limiter: RateLimiter;
  faults: FaultInjector;
  /** standard or live-strict (profile.ts). */
  profile: SandboxProfile;
  now(): number;
  log(line: string): void;
  demoUserId: number;
  /** The market simulation controller (absent with simulate:false). */
  market?: MarketController;
}
