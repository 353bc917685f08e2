/**
 * The sandbox's MARKET SOURCE: where its public market (pairs, tick policy, tickers, order book,
 * trades, candles, the public streams) comes from. One of three kinds, chosen at createSandbox():
 *
 *   simulated  today's sandbox, unchanged: the sandbox's own engine book (its users' orders plus the
 *              simulated maker's ladder), its own trades table, candles and tickers; startMarket()
 *              runs the makers and takers. Nothing in this file is used on that path.
 *   mirrored   paper mode (issue 22 item 1): a real upstream's PUBLIC data (the live exchange, or any
 *              v2 base URL such as a second sandbox), read with public GETs and public WebSocket
 *              subscriptions only: never a signed request, never a key, never a method that changes
 *              anything (mirror/publicClient.ts refuses them before the network).
 *   replayed   a recording made by the proxy's recorder, driven by the clock of the presenter (issue 22
 *              item 2): replaySource.ts (createReplayedSource), with pause / resume / speed / seek
 *              (admin/replayRoutes.ts).
 *
 * CONTRACT of an external source (mirrored and replayed implement ExternalMarketSource):
 * - markets(): the pairs with status, order value bounds, tick policy and orderbookLevels, as the
 *   source publishes them (GET /v2/currencyPairs + GET /v2/tickSizePolicy). The sandbox copies them
 *   into its MarketRegistry (so validation, tick checks and GET /v2/currencyPairs read one place);
 *   fees stay the sandbox's own.
 * - book(symbol): the source's latest order book SNAPSHOT for a pair: integer levels (engine units,
 *   engine/units.ts: price x 10^4, qty x 10^8), best first, and a `seq` that grows with every new
 *   snapshot. The source owns these levels; they are read-only to everyone else. undefined = no
 *   snapshot yet (touch() asks for one; whenReady() waits for it).
 * - trades(symbol, limit): the source's recent public trades, newest first (wire records, the
 *   source's own tradeIds); ticker(symbol): the source's ticker (wire record) or undefined.
 * - candles(...): the source's candles, asynchronously (a mirror fetches them from the source on
 *   demand; a replay builds them from its file).
 * - listen(l): events after the source's state changed: onBook(symbol) after a new snapshot,
 *   onTrades(symbol, trades) with trades that are NEW since the last event (oldest first; a snapshot
 *   of history on (re)subscribe is never reported here), onTicker(symbol), onMarkets(), onStatus().
 * - status(): health for the operator and the page: 'connecting' | 'ready' | 'unreachable' |
 *   'stopped', with a coded error (PAPER_SOURCE_UNREACHABLE) and when it started. A source never
 *   throws from a read; when the upstream is unreachable it keeps its last state, says so here and
 *   retries on its own.
 *
 * HOW THE SANDBOX CONSUMES IT (market/paper/): a SourcedExchange (an Exchange subclass) serves the
 * public reads from the source and fills the sandbox's own orders by the paper rules
 * (docs/sandbox.md, "Paper mode"):
 * - WHO OWNS WHAT: the source owns its book levels. The sandbox owns its users' RESTING ORDERS (its
 *   engine book holds only those, never the source's levels) and the CONSUMPTION of the source's
 *   levels by taker fills (how much of each level the sandbox's orders took since the snapshot:
 *   cleared when book(symbol).seq changes). The book the sandbox serves (GET /v2/orderbook, the
 *   `orderbook` stream, best bid/ask of tickers) = source levels minus consumption, plus the
 *   sandbox's resting orders at their prices.
 * - A taker order fills against the source's levels (walking them at their prices and sizes, never
 *   taking a level's consumed part again before the next snapshot); a resting order fills when the
 *   source's NEW trades cross its price, or trade at its price once the volume ahead of it is used up.
 *   The fills are made by the sandbox's own engine and settlement (counterparty: the bot user
 *   `paper-market`), so balances, fees, order states and the private streams are exactly the usual.
 * - The public hubs read the SourcedExchange (getOrderbook, getTrades, getTicker) and hear `book`,
 *   `trade` and `market` events from a public bus the SourcedExchange feeds: source trades go out as
 *   public trades; the sandbox's paper fills do not (they are the user's own, in myTrade).
 * - startMarket() (the simulation) does not run on an external source.
 */
import type { Candle, MarketInfo, PublicTrade, Result, Ticker } from '../types.js';

export type MarketSourceKind = 'simulated' | 'mirrored' | 'replayed';

/** What createSandbox is told about its market (absent = simulated). */
export type MarketSourceChoice =
  | { kind: 'simulated' }
  | {
      kind: 'mirrored';
      /** The source's v2 REST base URL (http(s)://host[:port]), e.g. the live exchange's. */
      restUrl: string;
      /** Its public WebSocket (ws(s)://host/v2/public), derived from restUrl by the caller. */
      wsPublicUrl: string;
      /** Retry pause after a failure, first and longest (default 1 s doubling to 30 s). */
      retryMs?: { baseMs: number; capMs: number };
    }
  | {
      kind: 'replayed';
      file: string;
      speed?: number;
      /** Start again at the end (default true). */
      loop?: boolean;
      /** Tests: the replay's wall clock (default Date.now) and its timer period (0 = call advance()). */
      now?: () => number;
      tickMs?: number;
    };

/** One side's levels, best first: [price, qty] in engine units (integers). */
export type IntLevel = readonly [price: number, qty: number];

export interface SourceBook {
  symbol: string;
  /** Source's timestamp of the snapshot (ms). */
  timestamp: number;
  /** Grows with every snapshot the source received (consumption is cleared when it changes). */
  seq: number;
  bids: readonly IntLevel[];
  asks: readonly IntLevel[];
}

/** A pair as the source publishes it (the sandbox adds its own fees and qtyDecimals). */
export type SourceMarket = Pick<
  MarketInfo,
  | 'symbol'
  | 'baseCurrency'
  | 'quoteCurrency'
  | 'status'
  | 'minOrderValue'
  | 'maxOrderValue'
  | 'tickSizePolicy'
  | 'orderbookLevels'
> & { lastPrice?: string };

export type SourceState = 'connecting' | 'ready' | 'unreachable' | 'stopped';

export interface SourceStatus {
  kind: Exclude<MarketSourceKind, 'simulated'>;
  /** Where the data comes from: the REST base URL, or the recording's file. */
  origin: string;
  state: SourceState;
  /** Coded reason when not ready (PAPER_SOURCE_UNREACHABLE, ...). */
  code?: string;
  /** English detail for the log (the page shows the code's sentence). */
  detail?: string;
  /** Since when this state holds (ms). */
  since: number;
  /** Last time any data arrived (ms, 0 = never). */
  lastDataAt: number;
  /** Pairs known / pairs whose book is being followed. */
  pairs: number;
  followed: string[];
  /** Failed attempts since the last success (reconnects and REST reads). */
  failures: number;
}

export interface SourceListener {
  onBook?(symbol: string): void;
  onTrades?(symbol: string, trades: PublicTrade[]): void;
  onTicker?(symbol: string): void;
  onMarkets?(): void;
  onStatus?(status: SourceStatus): void;
}

export interface ExternalMarketSource {
  readonly kind: Exclude<MarketSourceKind, 'simulated'>;
  /** Begins fetching (never rejects: failures show in status() and are retried). */
  start(): void;
  stop(): Promise<void>;
  status(): SourceStatus;
  markets(): SourceMarket[];
  /** Ask the source to follow a pair's book and trades (lazy: pairs nobody looks at cost nothing). */
  touch(symbol: string): void;
  /** Resolves true once the pair has a book snapshot (false on timeout). */
  whenReady(symbol: string, timeoutMs: number): Promise<boolean>;
  book(symbol: string): SourceBook | undefined;
  trades(symbol: string, limit: number): PublicTrade[];
  ticker(symbol: string): Ticker | undefined;
  candles(
    symbol: string,
    interval: string,
    opts: { start?: number; end?: number; limit: number },
  ): Promise<Result<Candle[]>>;
  /** Subscribe to changes; returns the unsubscribe function. */
  listen(l: SourceListener): () => void;
}

/** Everything but `simulated` needs an external source. */
export function isExternal(
  choice: MarketSourceChoice | undefined,
): choice is Exclude<MarketSourceChoice, { kind: 'simulated' }> {
  return choice !== undefined && choice.kind !== 'simulated';
}
