// Private channel subscriptions of one socket, merged per channel.
//
// The upstream keeps ONE subscription per private channel and connection: a `subscribe` of myOrder with
// accountSeqs [2] replaces an earlier one with [1], and an `unsubscribe` naming accounts removes just
// those. So every subscriber of a channel (the trading screen, the balances, the monitor's cards...)
// shares one wire subscription holding the union of their accounts, and each frame is handed to the
// subscribers of its account. Changes are batched per microtask and sent as the smallest exact diff:
//   - accounts only removed: `unsubscribe` naming the removed accounts (the rest stays subscribed);
//   - accounts added: `unsubscribe` the previous union, then `subscribe` the new union, in one message.
//     Unsubscribing first matters behind the proxy: its relay forwards only the accounts it has not
//     seen on this socket, and a `subscribe` of just the new ones would replace the old upstream.
// A subscription without accountSeqs means the main account; it is sent as accountSeqs [1] so every
// frame carries its account.
import { isPrivateChannel, PRIVATE_CHANNELS, type PrivateChannel } from '../../core/channels.js';
import type { Frame, FrameHandler } from './wsWire.js';

export { isPrivateChannel, type PrivateChannel };

const PAYLOAD: Record<PrivateChannel, string> = { myOrder: 'order', myTrade: 'trade', myAsset: 'asset' };

/** Account of a private frame: its tag when present, else the main account (untagged subscription). */
export function frameAccount(channel: PrivateChannel, frame: Frame): number {
  const seq = frame[PAYLOAD[channel]]?.accountSeq;
  return typeof seq === 'number' ? seq : 1;
}

interface Sub {
  seqs: ReadonlySet<number>;
  handler: FrameHandler;
}

type WireReq = {
  requestId: number;
  method: 'subscribe' | 'unsubscribe';
  type: string;
  accountSeqs: number[];
};

/** The requests that take the upstream from `wire` to `want` (both sorted account lists). */
export function diffRequests(
  type: PrivateChannel,
  wire: readonly number[],
  want: readonly number[],
  nextId: () => number,
): WireReq[] {
  const req = (method: WireReq['method'], accountSeqs: number[]): WireReq => ({
    requestId: nextId(),
    method,
    type,
    accountSeqs,
  });
  if (wire.join() === want.join()) return [];
  const added = want.filter((s) => !wire.includes(s));
  if (added.length === 0)
    return [
      req(
        'unsubscribe',
        wire.filter((s) => !want.includes(s)),
      ),
    ];
  const out: WireReq[] = [];
  if (wire.length > 0) out.push(req('unsubscribe', [...wire]));
  out.push(req('subscribe', [...want]));
  return out;
}

export class PrivateChannels {
  private readonly subs = new Map<PrivateChannel, Set<Sub>>();
  /** Accounts subscribed on the current socket, per channel. */
  private readonly wire = new Map<PrivateChannel, number[]>();
  private scheduled = false;

  /** Nothing is sent while the socket is not open: `onOpen` sends the union then. */
  constructor(
    private readonly isOpen: () => boolean,
    private readonly send: (reqs: WireReq[]) => void,
    private readonly nextId: () => number,
  ) {}

  get empty(): boolean {
    for (const set of this.subs.values()) if (set.size > 0) return false;
    return true;
  }

  add(channel: PrivateChannel, accountSeqs: readonly number[], handler: FrameHandler): () => void {
    const sub: Sub = { seqs: new Set(accountSeqs.length ? accountSeqs : [1]), handler };
    let set = this.subs.get(channel);
    if (!set) {
      set = new Set();
      this.subs.set(channel, set);
    }
    set.add(sub);
    this.schedule();
    return () => {
      if (this.subs.get(channel)?.delete(sub)) this.schedule();
    };
  }

  /** The accounts every subscriber of a channel needs, sorted. */
  union(channel: PrivateChannel): number[] {
    const all = new Set<number>();
    for (const s of this.subs.get(channel) ?? []) for (const a of s.seqs) all.add(a);
    return [...all].sort((a, b) => a - b);
  }

  /** Send pending changes now (normally done once per microtask). */
  flush(): void {
    this.scheduled = false;
    if (!this.isOpen()) return;
    const reqs: WireReq[] = [];
    for (const channel of PRIVATE_CHANNELS) {
      const want = this.union(channel);
      reqs.push(...diffRequests(channel, this.wire.get(channel) ?? [], want, this.nextId));
      this.wire.set(channel, want);
    }
    if (reqs.length) this.send(reqs);
  }

  /** A new socket is open: the subscribe requests for every channel in use. */
  onOpen(): WireReq[] {
    this.scheduled = false;
    const reqs: WireReq[] = [];
    for (const channel of PRIVATE_CHANNELS) {
      const want = this.union(channel);
      this.wire.set(channel, want);
      if (want.length) reqs.push(...diffRequests(channel, [], want, this.nextId));
    }
    return reqs;
  }

  /** The socket closed: nothing is subscribed any more. */
  onClose(): void {
    this.wire.clear();
  }

  dispatch(channel: PrivateChannel, frame: Frame): void {
    const account = frameAccount(channel, frame);
    for (const s of [...(this.subs.get(channel) ?? [])]) if (s.seqs.has(account)) s.handler(frame);
  }

  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      if (this.scheduled) this.flush();
    });
  }
}
