// Records a session (issue 22 item 2): the public streams (ticker, orderbook, trade) of chosen pairs
// and, when asked, the user's own account events (myOrder, myTrade, myAsset) of one key profile, to
// <configDir>/recordings/<name>.ndjson.gz in the format of core/recording. The recorder keeps its own
// upstream connections (the relay's hot path is untouched). Frames carry no secret: the private
// connection is signed in its URL and a header, neither of which is written; the header line names
// the upstream and the profile id only.
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { RecordingEncoder } from '../../core/recording/codec.js';
import {
  DEFAULT_KEYFRAME_MS,
  PRIVATE_RECORD_CHANNELS,
  PUBLIC_RECORD_CHANNELS,
  RECORDING_VERSION,
  type RecordedMarket,
} from '../../core/recording/format.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { Keystore } from '../keystore/store.js';
import type { StoredProfile } from '../keystore/types.js';
import type { Logger } from '../log.js';
import { UpstreamSocket } from '../relay/upstreamSocket.js';
import { signRequestParams } from '../signer/sign.js';
import { GzipLineWriter } from './writer.js';

export interface RecorderOptions {
  configDir: string;
  forwarder: Forwarder;
  keystore: Keystore;
  log: Logger;
  backoff?: { baseMs: number; capMs: number; pingMs?: number };
  /** How often buffered lines are flushed to the file (default 1000 ms). */
  flushMs?: number;
  keyframeMs?: number;
  now?: () => number;
}

export interface RecordingInfo {
  file: string;
  path: string;
  symbols: string[];
  includeAccount: boolean;
  startedAt: number;
  /** Compressed bytes on disk (flushed every second while running). */
  bytes: number;
  frames: number;
  durationMs: number;
}

export interface RecorderState {
  state: 'idle' | 'recording';
  dir: string;
  current:
    | (RecordingInfo & { public: 'connecting' | 'live' | 'down'; account?: 'connecting' | 'live' | 'down' })
    | null;
  last: (RecordingInfo & { error?: string }) | null;
}

export interface StartInput {
  symbols: string[];
  includeAccount: boolean;
  profile?: StoredProfile;
  accountSeqs?: number[];
  /** The pairs' configuration for the header (replays read status, bounds and tick policy there). */
  markets?: RecordedMarket[];
}

export class RecorderRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface Session {
  info: RecordingInfo;
  writer: GzipLineWriter;
  encoder: RecordingEncoder;
  sockets: UpstreamSocket[];
  pub: 'connecting' | 'live' | 'down';
  acc?: 'connecting' | 'live' | 'down';
  error?: string;
}

const stamp = (ms: number) =>
  new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');

export class Recorder {
  readonly dir: string;
  private session: Session | null = null;
  private last: RecorderState['last'] = null;
  private readonly now: () => number;

  constructor(private readonly o: RecorderOptions) {
    this.dir = join(o.configDir, 'recordings');
    this.now = o.now ?? Date.now;
  }

  state(): RecorderState {
    const s = this.session;
    return {
      state: s ? 'recording' : 'idle',
      dir: this.dir,
      current: s
        ? {
            ...this.snapshot(s),
            public: s.pub,
            ...(s.acc ? { account: s.acc } : {}),
          }
        : null,
      last: this.last,
    };
  }

  private snapshot(s: Session): RecordingInfo {
    return {
      ...s.info,
      bytes: s.writer.bytes,
      frames: s.writer.lines - 1,
      durationMs: Math.max(0, this.now() - s.info.startedAt),
    };
  }

  start(input: StartInput): RecorderState {
    if (this.session)
      throw new RecorderRefused(409, 'RECORDER_BUSY', 'A recording is already running; stop it first.');
    if (input.includeAccount && !input.profile)
      throw new RecorderRefused(404, 'PROFILE_NOT_FOUND', 'Recording account events needs a key profile.');
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const startedAt = this.now();
    const pairsPart = input.symbols.length <= 3 ? input.symbols.join('+') : `${input.symbols.length}pairs`;
    const file = `rec-${stamp(startedAt)}-${pairsPart}.ndjson.gz`;
    const path = join(this.dir, file);
    const upstream = this.o.forwarder.upstreamFor(input.profile);
    const encoder = new RecordingEncoder({
      kapiRecording: RECORDING_VERSION,
      startedAt,
      pairs: [...input.symbols],
      channels: [...PUBLIC_RECORD_CHANNELS, ...(input.includeAccount ? PRIVATE_RECORD_CHANNELS : [])],
      account: input.includeAccount,
      source: upstream.name,
      keyframeMs: this.o.keyframeMs ?? DEFAULT_KEYFRAME_MS,
      ...(input.markets?.length ? { markets: input.markets } : {}),
    });
    let writer: GzipLineWriter;
    try {
      writer = new GzipLineWriter(path, (e) => this.failed(e), this.o.flushMs ?? 1000);
    } catch (e) {
      throw new RecorderRefused(
        500,
        'RECORDER_WRITE_FAILED',
        `Cannot write ${file}: ${(e as Error).message}`,
      );
    }
    writer.write(encoder.headerText());
    const info: RecordingInfo = {
      file,
      path,
      symbols: [...input.symbols],
      includeAccount: input.includeAccount,
      startedAt,
      bytes: 0,
      frames: 0,
      durationMs: 0,
    };
    const s: Session = { info, writer, encoder, sockets: [], pub: 'connecting' };
    this.session = s;
    const onText = (text: string) => {
      if (this.session !== s) return;
      let v: unknown;
      try {
        v = JSON.parse(text);
      } catch {
        return;
      }
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return;
      const line = encoder.encode(this.now() - startedAt, v as Record<string, unknown>);
      if (line) writer.write(line);
    };
    const symbols = [...input.symbols];
    const pub = new UpstreamSocket(
      'recorder public',
      async () => ({ url: upstream.wsPublicUrl }),
      {
        onOpen: () => {
          s.pub = 'live';
          pub.send(
            PUBLIC_RECORD_CHANNELS.map((type, i) => ({
              requestId: i + 1,
              method: 'subscribe',
              type,
              symbols,
            })),
          );
        },
        onMessage: onText,
        onDown: () => {
          s.pub = 'down';
        },
      },
      this.o.log,
      this.o.backoff,
    );
    s.sockets.push(pub);
    if (input.includeAccount && input.profile) {
      const profile = input.profile;
      const accounts = input.accountSeqs?.length ? [...input.accountSeqs] : [1];
      s.acc = 'connecting';
      const priv = new UpstreamSocket(
        'recorder account',
        async () => {
          const clock = this.o.forwarder.clock(upstream.restUrl);
          await clock.ready;
          const query = signRequestParams([], profile, clock.now(), this.o.forwarder.recvWindow);
          return { url: `${upstream.wsPrivateUrl}?${query}`, headers: { 'X-KAPI-KEY': profile.apiKey } };
        },
        {
          onOpen: () => {
            s.acc = 'live';
            priv.send(
              PRIVATE_RECORD_CHANNELS.map((type, i) => ({
                requestId: i + 1,
                method: 'subscribe',
                type,
                accountSeqs: accounts,
                ...(type === 'myAsset' ? {} : { symbols }),
              })),
            );
          },
          onMessage: onText,
          onDown: () => {
            s.acc = 'down';
          },
          onRefused: () => {
            s.acc = 'down';
          },
        },
        this.o.log,
        this.o.backoff,
      );
      s.sockets.push(priv);
    }
    for (const sock of s.sockets) sock.start();
    this.o.log.info(
      `recorder: recording ${symbols.join(', ')}${input.includeAccount ? ' with account events' : ''} to ${file}`,
    );
    return this.state();
  }

  private failed(e: Error): void {
    const s = this.session;
    if (!s) return;
    s.error = 'RECORDER_WRITE_FAILED';
    this.o.log.warn(`recorder: writing ${s.info.file} failed: ${e.message}; recording stopped`);
    void this.stop();
  }

  /** Stops the running recording; the file is complete (gzip trailer) when this resolves. */
  async stop(): Promise<RecorderState> {
    const s = this.session;
    if (!s) throw new RecorderRefused(409, 'RECORDER_NOT_RUNNING', 'No recording is running.');
    this.session = null;
    for (const sock of s.sockets) sock.close();
    const end = this.snapshot(s);
    await s.writer.end();
    let bytes = s.writer.bytes;
    try {
      bytes = statSync(s.info.path).size;
    } catch {
      /* the file could not be written: keep the count */
    }
    this.last = { ...end, bytes, ...(s.error ? { error: s.error } : {}) };
    this.o.log.info(`recorder: stopped ${s.info.file} (${end.frames} frames, ${bytes} bytes)`);
    return this.state();
  }

  async close(): Promise<void> {
    if (this.session) await this.stop().catch(() => {});
  }
}
