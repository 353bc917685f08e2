// Reads a recording file (core/recording format) for a replay: gzip or plain NDJSON, a torn end
// (the recorder was killed) tolerated, anything else refused with RECORDING_INVALID.
import { readFileSync } from 'node:fs';
import { constants, gunzipSync } from 'node:zlib';
import { decodeRecording, type ReplayFrame } from '../../core/recording/codec.js';
import { RecordingFormatError, type RecordingHeader } from '../../core/recording/format.js';

/** Decompressed size refused beyond this (a replay holds the whole recording in memory). */
export const MAX_RECORDING_BYTES = 256 * 1024 * 1024;

export interface LoadedRecording {
  file: string;
  header: RecordingHeader;
  frames: ReplayFrame[];
  /** ms from the start to the last frame. */
  durationMs: number;
}

export function parseRecording(file: string, bytes: Buffer): LoadedRecording {
  let text: string;
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      text = gunzipSync(bytes, {
        finishFlush: constants.Z_SYNC_FLUSH,
        maxOutputLength: MAX_RECORDING_BYTES,
      }).toString('utf8');
    } catch (e) {
      throw new RecordingFormatError(`cannot decompress ${file}: ${(e as Error).message}`);
    }
  } else {
    if (bytes.length > MAX_RECORDING_BYTES) throw new RecordingFormatError(`${file} is too large`);
    text = bytes.toString('utf8');
  }
  const { header, frames } = decodeRecording(text);
  const publicFrames = frames.filter((f) => f.kind === 'public');
  if (!publicFrames.some((f) => f.frame.type === 'orderbook'))
    throw new RecordingFormatError(`${file} holds no order book frame to replay`);
  return { file, header, frames: publicFrames, durationMs: publicFrames[publicFrames.length - 1]!.t };
}

/** Reads and parses a recording; errors are RecordingFormatError (code RECORDING_INVALID). */
export function loadRecording(file: string): LoadedRecording {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw new RecordingFormatError(
      `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  return parseRecording(file, bytes);
}
