// Encoder (frames -> lines) and decoder (lines -> frames with full books) of the recording format.
import { applyDelta, type BookSides, diffBook, plainSides } from './bookDelta.js';
import {
  type BookDelta,
  PRIVATE_RECORD_CHANNELS,
  parseHeader,
  parseLine,
  RecordingFormatError,
  type RecordingHeader,
} from './format.js';

const PRIVATE = new Set<string>(PRIVATE_RECORD_CHANNELS);

/** Which kind of frame this is, or null for what a recording leaves out (acks, failures, others). */
export function frameKind(frame: Record<string, unknown>): 'public' | 'private' | null {
  if (typeof frame.type === 'string' && typeof frame.symbol === 'string' && 'data' in frame) return 'public';
  if (typeof frame.channelType === 'string' && PRIVATE.has(frame.channelType)) return 'private';
  return null;
}

/** Turns received frames into lines; keeps the previous book per pair for deltas. */
export class RecordingEncoder {
  private readonly books = new Map<string, { sides: BookSides; keyAt: number }>();
  private readonly pairs: Set<string>;
  private readonly channels: Set<string>;

  constructor(readonly header: RecordingHeader) {
    this.pairs = new Set(header.pairs);
    this.channels = new Set(header.channels);
  }

  headerText(): string {
    return JSON.stringify(this.header);
  }

  /** One line (without the newline) for a frame received `t` ms after the start, or null when left out. */
  encode(t: number, frame: Record<string, unknown>): string | null {
    const kind = frameKind(frame);
    const tt = Math.max(0, Math.round(t));
    if (kind === 'private') return this.header.account ? JSON.stringify({ t: tt, f: frame }) : null;
    if (kind !== 'public') return null;
    const symbol = frame.symbol as string;
    const type = frame.type as string;
    if (!this.pairs.has(symbol) || !this.channels.has(type)) return null;
    if (type !== 'orderbook' || frame.level !== undefined) return JSON.stringify({ t: tt, f: frame });
    const data = frame.data as { timestamp?: unknown; bids?: unknown; asks?: unknown };
    const sides = plainSides(data);
    const prev = this.books.get(symbol);
    const ts = typeof frame.timestamp === 'number' ? frame.timestamp : tt;
    if (!prev || frame.snapshot === true || tt - prev.keyAt >= this.header.keyframeMs) {
      this.books.set(symbol, { sides, keyAt: tt });
      return JSON.stringify({ t: tt, f: frame });
    }
    const d = diffBook(prev.sides, sides);
    prev.sides = sides;
    const b: BookDelta = { s: symbol, ts, bids: d.bids, asks: d.asks };
    return JSON.stringify({ t: tt, b });
  }
}

/** A frame of the recording as it was received (book deltas rebuilt into full orderbook frames). */
export interface ReplayFrame {
  t: number;
  frame: Record<string, unknown>;
  kind: 'public' | 'private';
}

/** Reads a whole decompressed recording. A torn last line (the writer was killed) is dropped. */
export function decodeRecording(text: string): { header: RecordingHeader; frames: ReplayFrame[] } {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) throw new RecordingFormatError('the file is empty');
  const header = parseHeader(lines[0]!);
  const frames: ReplayFrame[] = [];
  const books = new Map<string, BookSides>();
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === '') continue;
    let line: ReturnType<typeof parseLine>;
    try {
      line = parseLine(raw, i + 1);
    } catch (e) {
      if (i === lines.length - 1) break; // cut off mid-line: keep what came before
      throw e;
    }
    if ('b' in line) {
      const prev = books.get(line.b.s);
      if (!prev) continue; // a delta without its keyframe (should not happen): skip it
      const next = applyDelta(prev, line.b);
      books.set(line.b.s, next);
      frames.push({
        t: line.t,
        kind: 'public',
        frame: {
          type: 'orderbook',
          timestamp: line.b.ts,
          symbol: line.b.s,
          data: { timestamp: line.b.ts, bids: next.bids, asks: next.asks },
        },
      });
      continue;
    }
    const kind = frameKind(line.f);
    if (!kind) continue;
    if (kind === 'public' && line.f.type === 'orderbook' && line.f.level === undefined)
      books.set(line.f.symbol as string, plainSides(line.f.data as object));
    frames.push({ t: line.t, frame: line.f, kind });
  }
  // receive times only grow; a writer's clock step backwards must not reorder the replay
  for (let i = 1; i < frames.length; i++)
    if (frames[i]!.t < frames[i - 1]!.t) frames[i]!.t = frames[i - 1]!.t;
  return { header, frames };
}
