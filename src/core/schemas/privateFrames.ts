/**
 * Reads a private WebSocket frame the way the live service sends it, without ever losing a whole frame
 * to one odd row: the pair comes from the frame's top-level `symbol` (rows carry none), the account from
 * the payload's `accountSeq` (absent = main account 1), and each row is parsed on its own (a row that
 * does not fit is left out and reported once; unknown statuses are kept as received).
 */
import type { z } from 'zod/mini';
import { isPrivateChannel } from '../channels.js';
import { accountSeqSchema, symbolSchema, timestampSchema } from './common.js';
import { parseRow, reportOnce } from './tolerant.js';
import { wsAssetSchema, wsOrderSchema, wsTradeSchema } from './ws.js';

/** A myOrder row with `symbol` filled from the frame (absent only when the frame has none either). */
export type WsOrderRow = z.output<typeof wsOrderSchema>;
/** A myTrade row with `symbol` filled from the frame (absent only when the frame has none either). */
export type WsTradeRow = z.output<typeof wsTradeSchema>;
export type WsAssetRow = z.output<typeof wsAssetSchema>;

interface FrameHead {
  /** The account the frame belongs to: its `accountSeq`, else 1 (an untagged subscription). */
  accountSeq: number;
  /** The frame's pair (myOrder / myTrade); null when absent (myAsset, or a sender that put it in rows). */
  symbol: string | null;
  timestamp: number | null;
}

export type PrivateUpdate =
  | (FrameHead & { channel: 'myOrder'; orders: WsOrderRow[] })
  | (FrameHead & { channel: 'myTrade'; trades: WsTradeRow[] })
  | (FrameHead & { channel: 'myAsset'; assets: WsAssetRow[] });

const PAYLOAD = {
  myOrder: ['order', 'orders'],
  myTrade: ['trade', 'trades'],
  myAsset: ['asset', 'assets'],
} as const;
type Channel = keyof typeof PAYLOAD;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function headOf(frame: Record<string, unknown>, payload: Record<string, unknown>): FrameHead {
  const seq = accountSeqSchema.safeParse(payload.accountSeq);
  const sym = symbolSchema.safeParse(frame.symbol);
  const ts = timestampSchema.safeParse(frame.timestamp);
  return {
    accountSeq: seq.success ? seq.data : 1,
    symbol: sym.success ? sym.data : null,
    timestamp: ts.success ? ts.data : null,
  };
}

function rowsOf<S extends z.ZodMiniType>(schema: S, raw: unknown, what: string): z.output<S>[] {
  if (!Array.isArray(raw)) return [];
  const out: z.output<S>[] = [];
  for (const r of raw) {
    const p = parseRow(schema, r, what);
    if (p !== null) out.push(p);
  }
  return out;
}

/** The account a raw private frame belongs to (cheap: no row parsing), for routing. */
export function privateFrameAccount(channel: Channel, frame: unknown): number {
  if (!isRecord(frame)) return 1;
  const payload = frame[PAYLOAD[channel][0]];
  const seq = isRecord(payload) ? accountSeqSchema.safeParse(payload.accountSeq) : null;
  return seq?.success ? seq.data : 1;
}

/** Normalizes one private frame; null when it is not a private data frame at all (reported once). */
export function readPrivateFrame(frame: unknown): PrivateUpdate | null {
  if (!isRecord(frame) || typeof frame.channelType !== 'string') return null;
  const channel = frame.channelType;
  if (!isPrivateChannel(channel)) {
    reportOnce(`channel|${channel}`, `[live data] private frame of unknown channelType "${channel}" ignored`);
    return null;
  }
  const [key, list] = PAYLOAD[channel];
  const payload = frame[key];
  if (!isRecord(payload) || !Array.isArray(payload[list])) {
    reportOnce(`${channel}|payload`, `[live data] ${channel} frame without ${key}.${list} ignored`);
    return null;
  }
  const head = headOf(frame, payload);
  if (channel === 'myOrder') {
    const orders = rowsOf(wsOrderSchema, payload[list], 'myOrder row').map((o) => ({
      ...o,
      symbol: o.symbol ?? head.symbol ?? undefined,
    }));
    return { channel, ...head, orders };
  }
  if (channel === 'myTrade') {
    const trades = rowsOf(wsTradeSchema, payload[list], 'myTrade row').map((t) => ({
      ...t,
      symbol: t.symbol ?? head.symbol ?? undefined,
    }));
    return { channel, ...head, trades };
  }
  return { channel, ...head, assets: rowsOf(wsAssetSchema, payload[list], 'myAsset row') };
}

/** Reads a frame expected on `channel`; null when it is anything else. */
export function readChannel<C extends Channel>(
  channel: C,
  frame: unknown,
): Extract<PrivateUpdate, { channel: C }> | null {
  const u = readPrivateFrame(frame);
  return u && u.channel === channel ? (u as Extract<PrivateUpdate, { channel: C }>) : null;
}
