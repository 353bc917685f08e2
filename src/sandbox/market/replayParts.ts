// Pieces of the replayed source (replaySource.ts): the pairs' configuration from the recording's
// header, book levels in engine units, the frame index of a position, and the types.
import type { RecordingHeader } from '../../core/recording/format.js';
import { priceToInt, qtyToInt } from '../engine/units.js';
import { defaultMarkets } from '../exchange/markets.js';
import type { PublicTrade, Ticker } from '../types.js';
import type { LoadedRecording } from './replayFile.js';
import type { IntLevel, SourceBook, SourceMarket } from './source.js';

export interface ReplayOptions {
  speed?: number;
  /** Start again at the end (default true); false stays paused at the end. */
  loop?: boolean;
  /** Wall clock (default Date.now); tests pass their own. */
  now?: () => number;
  /** How often the timer applies due frames (default 50 ms); 0 = no timer (tests call advance()). */
  tickMs?: number;
  log?: (line: string) => void;
}

export type ReplayAction = 'pause' | 'resume' | 'speed' | 'seek';

export interface ReplayState {
  file: string;
  pairs: string[];
  positionMs: number;
  durationMs: number;
  speed: number;
  paused: boolean;
  /** Paused at the end (loop off). */
  ended: boolean;
  loop: boolean;
  loops: number;
  /** When the recording was made (ms). */
  recordedAt: number;
  source: string;
}

export interface Pair {
  book?: SourceBook;
  ticker?: Ticker;
  trades: PublicTrade[];
  seq: number;
}

export function intLevels(levels: unknown): IntLevel[] {
  if (!Array.isArray(levels)) return [];
  const out: IntLevel[] = [];
  for (const l of levels) {
    const r = l as { price?: unknown; qty?: unknown };
    if (typeof r.price !== 'string' || typeof r.qty !== 'string') continue;
    const p = priceToInt(r.price);
    const q = qtyToInt(r.qty);
    if (p !== null && q !== null && q > 0) out.push([p, q]);
  }
  return out;
}

/** Index of the first frame with t > pos (frames are sorted by t). */
export function upperBound(frames: LoadedRecording['frames'], pos: number): number {
  let lo = 0;
  let hi = frames.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (frames[mid]!.t <= pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The recorded pairs' configuration; the sandbox's defaults for a pair the header lacks. */
export function replayMarkets(header: RecordingHeader, log?: (line: string) => void): SourceMarket[] {
  const recorded = new Map((header.markets ?? []).map((m) => [m.symbol, m]));
  const defaults = new Map(defaultMarkets(0).map((m) => [m.symbol, m]));
  const out: SourceMarket[] = [];
  for (const symbol of header.pairs) {
    const r = recorded.get(symbol);
    if (r) {
      out.push({
        symbol,
        baseCurrency: r.baseCurrency,
        quoteCurrency: r.quoteCurrency,
        status: r.status === 'stopped' ? 'stopped' : 'launched',
        ...(r.minOrderValue ? { minOrderValue: r.minOrderValue } : {}),
        ...(r.maxOrderValue ? { maxOrderValue: r.maxOrderValue } : {}),
        tickSizePolicy: r.tickSizePolicy,
        orderbookLevels: r.orderbookLevels,
      });
      continue;
    }
    const d = defaults.get(symbol);
    if (d) {
      const {
        makerFeeRate: _m,
        takerFeeRate: _t,
        qtyDecimals: _q,
        referencePrice: _r,
        listedAt: _l,
        ...m
      } = d;
      out.push(m);
    } else log?.(`replay: no configuration recorded for ${symbol}; it is left out`);
  }
  return out;
}

/**
 * The frames that make the state before index `end` (a seek): each pair's last book and ticker there,
 * in file order; a pair whose first book comes after it shows that first book (not the one seen before).
 */
export function stateFramesAt(frames: LoadedRecording['frames'], pairs: string[], end: number): number[] {
  const lastBook = new Map<string, number>();
  const lastTicker = new Map<string, number>();
  for (let i = 0; i < end; i++) {
    const f = frames[i]!.frame;
    if (f.type === 'orderbook') lastBook.set(f.symbol as string, i);
    else if (f.type === 'ticker') lastTicker.set(f.symbol as string, i);
  }
  for (const symbol of pairs) {
    if (lastBook.has(symbol)) continue;
    const first = frames.findIndex((f) => f.frame.type === 'orderbook' && f.frame.symbol === symbol);
    if (first >= 0) lastBook.set(symbol, first);
  }
  return [...lastBook.values(), ...lastTicker.values()].sort((a, b) => a - b);
}
