// What a stream subscriber and the proxy's relay exchange: subscription requests as sent on the wire,
// frames, stream states and the proxy's key-problem note. Shared by ws.ts and privateChannels.ts.
import type { KeyProblemFrame } from '../../core/proxyApi/frames.js';

export type StreamStatus = 'connecting' | 'open' | 'interrupted' | 'closed';

export interface SubscribeReq {
  type: string;
  symbols?: string[];
  level?: string;
  accountSeqs?: number[];
}

// biome-ignore lint/suspicious/noExplicitAny: frames are validated by their consumers (zod schemas)
export type Frame = Record<string, any>;
export type FrameHandler = (frame: Frame) => void;

/** The exchange refused the profile's key (told by the proxy on the private socket). */
export interface KeyProblemNote extends Pick<KeyProblemFrame, 'code' | 'description' | 'seen'> {
  /** When this tab was told. */
  at: number;
}

export function keyOf(req: SubscribeReq): string {
  return JSON.stringify([
    req.type,
    [...(req.symbols ?? [])].sort(),
    req.level ?? null,
    [...(req.accountSeqs ?? [])].sort(),
  ]);
}

export function wireReq(method: 'subscribe' | 'unsubscribe', requestId: number, req: SubscribeReq) {
  const out: Record<string, unknown> = { requestId, method, type: req.type };
  if (req.symbols) out.symbols = req.symbols;
  if (req.level) out.level = req.level;
  if (req.accountSeqs) out.accountSeqs = req.accountSeqs;
  return out;
}
