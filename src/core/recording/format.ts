// The recording file (issue 22 item 2): newline-delimited JSON, gzip-compressed by the writer.
//   line 1  header  {"kapiRecording":1,"startedAt":ms,"pairs":[...],"channels":[...],"account":bool,
//                    "source":"sandbox","keyframeMs":10000}
//   then    frames  {"t":<ms since startedAt, receive time>,"f":<public or private frame as received>}
//           deltas  {"t":...,"b":{"s":symbol,"ts":frame timestamp,"bids":[[price,qty],...],"asks":[...]}}
// A delta holds the levels of an orderbook frame that changed against the previous frame of its
// pair ("0" = level gone); every keyframeMs a full orderbook frame is written instead, and always
// the first one of a pair. Pure: no Node APIs (the proxy writes it, the sandbox replays it).

export const RECORDING_VERSION = 1;
export const PUBLIC_RECORD_CHANNELS = ['ticker', 'orderbook', 'trade'] as const;
export const PRIVATE_RECORD_CHANNELS = ['myOrder', 'myTrade', 'myAsset'] as const;
/** A full orderbook frame per pair at least this often (so a seek rebuilds the book quickly). */
export const DEFAULT_KEYFRAME_MS = 10_000;
/** At most this many pairs in one recording. */
export const MAX_RECORD_PAIRS = 20;

export interface RecordingHeader {
  kapiRecording: typeof RECORDING_VERSION;
  startedAt: number;
  pairs: string[];
  channels: string[];
  /** The user's own account events (myOrder, myTrade, myAsset) are in the file. */
  account: boolean;
  /** Which exchange the frames came from (an upstream name, never a URL with a signature). */
  source: string;
  keyframeMs: number;
  /** The recorded pairs' configuration (GET /v2/currencyPairs + /v2/tickSizePolicy), when it could be read. */
  markets?: RecordedMarket[];
}

/** A pair's configuration as the source published it when the recording started. */
export interface RecordedMarket {
  symbol: string;
  status: string;
  baseCurrency: string;
  quoteCurrency: string;
  minOrderValue?: string;
  maxOrderValue?: string;
  tickSizePolicy: { priceGte: string; tickSize: string }[];
  orderbookLevels: string[];
}

/** [price, qty]; qty "0" in a delta removes the level. */
export type DeltaLevel = [string, string];

export interface BookDelta {
  s: string;
  ts: number;
  bids: DeltaLevel[];
  asks: DeltaLevel[];
}

export type RecordLine = { t: number; f: Record<string, unknown> } | { t: number; b: BookDelta };

const SYMBOL_RE = /^[a-z0-9]{1,16}_[a-z0-9]{1,16}$/;
export const isRecordSymbol = (s: unknown): s is string => typeof s === 'string' && SYMBOL_RE.test(s);

export class RecordingFormatError extends Error {
  readonly code = 'RECORDING_INVALID';
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line === undefined ? message : `line ${line}: ${message}`);
    this.name = 'RecordingFormatError';
  }
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseHeader(text: string): RecordingHeader {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new RecordingFormatError('the first line is not JSON', 1);
  }
  if (!isObj(v) || v.kapiRecording === undefined)
    throw new RecordingFormatError('not a recording (no kapiRecording header)', 1);
  if (v.kapiRecording !== RECORDING_VERSION)
    throw new RecordingFormatError(`format version ${String(v.kapiRecording)} is not supported`, 1);
  const pairs = v.pairs;
  if (!Array.isArray(pairs) || pairs.length === 0 || !pairs.every(isRecordSymbol))
    throw new RecordingFormatError('pairs must be a list of symbols', 1);
  if (typeof v.startedAt !== 'number' || !Number.isSafeInteger(v.startedAt))
    throw new RecordingFormatError('startedAt must be a time in ms', 1);
  return {
    kapiRecording: RECORDING_VERSION,
    startedAt: v.startedAt,
    pairs: pairs as string[],
    channels: Array.isArray(v.channels) ? v.channels.filter((c) => typeof c === 'string') : [],
    account: v.account === true,
    source: typeof v.source === 'string' ? v.source : 'unknown',
    keyframeMs: typeof v.keyframeMs === 'number' && v.keyframeMs > 0 ? v.keyframeMs : DEFAULT_KEYFRAME_MS,
    ...(Array.isArray(v.markets) ? { markets: v.markets.filter(isRecordedMarket) } : {}),
  };
}

const isTickRange = (r: unknown): boolean =>
  isObj(r) && typeof r.priceGte === 'string' && typeof r.tickSize === 'string';

function isRecordedMarket(m: unknown): m is RecordedMarket {
  return (
    isObj(m) &&
    isRecordSymbol(m.symbol) &&
    typeof m.status === 'string' &&
    typeof m.baseCurrency === 'string' &&
    typeof m.quoteCurrency === 'string' &&
    Array.isArray(m.tickSizePolicy) &&
    m.tickSizePolicy.length > 0 &&
    m.tickSizePolicy.every(isTickRange) &&
    Array.isArray(m.orderbookLevels) &&
    m.orderbookLevels.every((l) => typeof l === 'string')
  );
}

const isLevel = (l: unknown): l is DeltaLevel =>
  Array.isArray(l) && l.length === 2 && typeof l[0] === 'string' && typeof l[1] === 'string';

/** One frame line; a line that is not a frame is an error naming its number. */
export function parseLine(text: string, lineNo: number): RecordLine {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new RecordingFormatError('not JSON', lineNo);
  }
  if (!isObj(v) || typeof v.t !== 'number' || !Number.isFinite(v.t) || v.t < 0)
    throw new RecordingFormatError('a frame line needs t (ms since the start)', lineNo);
  if (isObj(v.f)) return { t: v.t, f: v.f };
  const b = v.b;
  if (
    isObj(b) &&
    isRecordSymbol(b.s) &&
    typeof b.ts === 'number' &&
    Array.isArray(b.bids) &&
    Array.isArray(b.asks) &&
    b.bids.every(isLevel) &&
    b.asks.every(isLevel)
  )
    return { t: v.t, b: b as unknown as BookDelta };
  throw new RecordingFormatError('a frame line needs f (a frame) or b (a book delta)', lineNo);
}

export const headerLine = (h: RecordingHeader): string => JSON.stringify(h);
