/**
 * SandboxContext: the seam between the sandbox's REST side (engine, ledger, store, http, auth,
 * limits, admin) and its WebSocket / market-simulation / fault-injection side (ws/, market/, faults/).
 *
 * One context is built per createSandbox() call and handed to attachWebSocket(server, ctx) and
 * startMarket(ctx). Everything here is synchronous and in-process; every mutating call is committed
 * to SQLite before it returns, and emits bus events after the commit.
 *
 * Conventions: prices, quantities and amounts are decimal strings; timestamps are ms numbers;
 * userId is the sandbox's integer user id; accountSeq 1 is the main account.
 */
import type { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type Database from 'better-sqlite3';
import type { FaultInjector } from './faults/index.js';
import type { SandboxProfile } from './profile.js';
import type {
  ApiKeyRecord,
  BalanceRecord,
  Candle,
  MarketInfo,
  MyTrade,
  Orderbook,
  OrderRecord,
  OrderType,
  PreventedMatch,
  PublicTrade,
  Result,
  SbxError,
  Side,
  Ticker,
  TimeInForce,
} from './types.js';

export type * from './types.js';

/** Place-order input: the same fields as POST /v2/orders, already authenticated. */
export interface PlaceOrderInput {
  userId: number;
  accountSeq: number;
  symbol: string;
  side: Side;
  orderType: OrderType;
  price?: string;
  qty?: string;
  amt?: string;
  timeInForce?: TimeInForce;
  bestNth?: number;
  clientOrderId?: string;
  pp?: boolean;
  ppPercent?: number;
}

export interface CancelOrderInput {
  userId: number;
  accountSeq: number;
  symbol: string;
  orderId?: number;
  clientOrderId?: string;
}

/** A seeded historical trade (no owner; it only feeds trades, candles and tickers). */
export type HistoricalTrade = Omit<PublicTrade, 'tradeId'>;

/**
 * The exchange service. Bot users of the market simulation are ordinary users created with
 * createBotUser(); their orders go through the same matching engine and ledger as REST orders.
 */
export interface ExchangeService {
  listMarkets(): MarketInfo[];
  getMarket(symbol: string): MarketInfo | undefined;

  /** Validates, matches and commits. On success the order is returned in its post-matching state
   *  (open / partiallyFilled / filled / expired...). Errors are values (same codes as REST). */
  placeOrder(input: PlaceOrderInput): Result<OrderRecord>;
  /** Cancels a resting order (synchronously; REST answers {success:true}). */
  cancelOrder(input: CancelOrderInput): Result<OrderRecord>;
  /** Cancels every open order of a user (optionally one account / one symbol). Returns the count. */
  cancelAll(userId: number, accountSeq?: number, symbol?: string): number;
  getOrder(
    userId: number,
    accountSeq: number,
    symbol: string,
    ref: { orderId?: number; clientOrderId?: string },
  ): OrderRecord | undefined;
  openOrders(userId: number, accountSeq: number, symbol: string, limit?: number): OrderRecord[];

  /** Aggregated book; depth = max levels per side (default all); level = grouping from orderbookLevels. */
  getOrderbook(symbol: string, depth?: number, level?: string): Orderbook;
  /** Newest first. */
  getTrades(symbol: string, limit: number): PublicTrade[];
  /** Ascending; start inclusive, end exclusive-ish (bucket start < end), at most limit (the newest). */
  getCandles(
    symbol: string,
    interval: string,
    opts: { start?: number; end?: number; limit: number },
  ): Candle[];
  getTicker(symbol: string): Ticker;
  getBalances(userId: number, accountSeq: number): BalanceRecord[];

  /** Creates (or returns the existing) simulated user with the given name, funded once at creation. */
  createBotUser(name: string, funding: Record<string, string>): number;
  /** Bulk insert of seeded history: trades table + 1-minute candles (tickers follow). One transaction.
   *  Optional candles1m: complete 1-minute candles (minute-start timestamps) inserted as-is. */
  importHistory(symbol: string, trades: HistoricalTrade[], candles1m?: Candle[]): void;
  /** Sets the reference price (what simulated makers quote around) without trading. */
  setReferencePrice(symbol: string, price: string): void;
}

/** Typed event bus. Events are emitted after the SQLite commit of the change they describe. */
export interface SandboxEvents {
  /** A public trade happened. */
  trade: { symbol: string; trade: PublicTrade };
  /** The book of symbol changed (add, fill, cancel). Listeners re-read getOrderbook(). */
  book: { symbol: string };
  /** Any order transition (accepted, filled, partially filled, canceled, expired). */
  order: { userId: number; accountSeq: number; order: OrderRecord };
  /** A fill of the user's order (one per side of each trade). */
  myTrade: { userId: number; accountSeq: number; trade: MyTrade };
  /** Balances changed (trading, funding, transfers, admin). Only the changed currencies. */
  asset: { userId: number; accountSeq: number; assets: BalanceRecord[] };
  /** Prevented self-trade recorded. */
  prevented: { userId: number; accountSeq: number; match: PreventedMatch };
  /** A market's config changed (status, bounds, tick policy, fees, reference price). */
  market: { symbol: string; market: MarketInfo };
}

export interface SandboxBus extends EventEmitter {
  emit<K extends keyof SandboxEvents>(event: K, payload: SandboxEvents[K]): boolean;
  on<K extends keyof SandboxEvents>(event: K, listener: (payload: SandboxEvents[K]) => void): this;
  off<K extends keyof SandboxEvents>(event: K, listener: (payload: SandboxEvents[K]) => void): this;
  once<K extends keyof SandboxEvents>(event: K, listener: (payload: SandboxEvents[K]) => void): this;
}

/** An authenticated caller. */
export interface AuthedKey {
  key: ApiKeyRecord;
  userId: number;
}

export interface VerifyInput {
  /** X-KAPI-KEY header value (undefined when missing). */
  apiKey: string | undefined;
  /** Raw query string exactly as received (without the leading '?'), may contain signature=. */
  rawQuery: string;
  /** Raw body exactly as received ('' for GET/DELETE and WS upgrades). */
  rawBody: string;
  /** Remote IP (for the key's whitelist). */
  ip: string;
  /**
   * Query and body already parsed strictly (REST pipeline): timestamp and recvWindow are read from
   * here instead of parsing the raw strings again (the same names and values, repeats refused).
   */
  params?: ReadonlyMap<string, string>;
}

export interface AuthService {
  lookupKey(apiKey: string): ApiKeyRecord | undefined;
  /**
   * Full REST authentication: timestamp / recvWindow window (ctx.now()), key lookup, signature over
   * the received bytes minus the signature segment, status/expiry, IP whitelist. Permissions and
   * accountSeq checks are separate (checkPermission / checkAccount) so the WS handshake can use
   * this as is and check channel permissions itself.
   */
  verify(input: VerifyInput): Result<AuthedKey>;
  checkPermission(key: ApiKeyRecord, permission: string): SbxError | null;
  checkAccount(key: ApiKeyRecord, accountSeq: number): SbxError | null;
}

/** The SQLite store (better-sqlite3, WAL). Read-only access is fine; write through the services. */
export interface SandboxStore {
  db: Database.Database;
  dataDir: string;
  /** One command's writes: a savepoint of the turn's transaction (store/turn.ts; an undo also drops the in-memory id reservations). */
  tx<T>(fn: () => T): T;
  /** Runs fn once the turn's changes are committed (at once when none are pending). */
  afterCommit(fn: () => void): void;
  /** Commits the turn's changes now, before something that may show them leaves the process. */
  commitTurn(): void;
}

export interface SandboxOptions {
  seed: number;
  speed: number;
  simulate: boolean;
  historyDays: number;
  log: (line: string) => void;
  /** Public WebSocket publish interval per pair, ms (default 25: up to 40 book updates a second). */
  publishIntervalMs?: number;
}

export interface SandboxContext {
  exchange: ExchangeService;
  bus: SandboxBus;
  auth: AuthService;
  /** Sandbox time in ms: Date.now() + faults.clockSkewMs(). Use it for every timestamp. */
  now(): number;
  store: SandboxStore;
  faults: FaultInjector;
  /** standard or live-strict (profile.ts): the stricter readings and failures in force. */
  profile: SandboxProfile;
  options: SandboxOptions;
  /** The demo user's id (accounts 1, 2, 3). */
  demoUserId: number;
}

/** Convenience: a request's remote address normalised ('::ffff:127.0.0.1' -> '127.0.0.1'). */
export function remoteIp(req: IncomingMessage): string {
  const a = req.socket.remoteAddress ?? '';
  return a.startsWith('::ffff:') ? a.slice(7) : a;
}
