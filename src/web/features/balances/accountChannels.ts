// One private-channel subscription per key profile and channel, covering every account a view needs.
//
// The upstream keeps one subscription per channel and connection: a second `subscribe` of myOrder with
// other accountSeqs replaces the first (and an `unsubscribe` with accountSeqs removes those accounts).
// Several account cards subscribing separately would therefore silence each other. This multiplexer
// subscribes once with the union of the accounts in use, re-subscribes when the union changes, and
// hands each frame to the handlers of its account.
import { type Frame, privateStream } from '../../lib/ws.js';

export type PrivateChannel = 'myOrder' | 'myTrade' | 'myAsset';
type Handler = (frame: Frame) => void;

const PAYLOAD: Record<PrivateChannel, string> = { myOrder: 'order', myTrade: 'trade', myAsset: 'asset' };

/** Account of a private frame: the tag when present, else the main account (untagged subscription). */
export function frameAccount(channel: PrivateChannel, frame: Frame): number {
  const seq = frame[PAYLOAD[channel]]?.accountSeq;
  return typeof seq === 'number' ? seq : 1;
}

class ChannelMux {
  private handlers = new Map<number, Set<Handler>>();
  private off: (() => void) | null = null;
  private current = '';
  private scheduled = false;

  constructor(
    private readonly profileId: string,
    private readonly channel: PrivateChannel,
  ) {}

  add(accountSeq: number, h: Handler): () => void {
    let set = this.handlers.get(accountSeq);
    if (!set) {
      set = new Set();
      this.handlers.set(accountSeq, set);
    }
    set.add(h);
    this.schedule();
    return () => {
      const s = this.handlers.get(accountSeq);
      if (!s) return;
      s.delete(h);
      if (s.size === 0) {
        this.handlers.delete(accountSeq);
        // Synchronously, inside React's unmount cleanup: another view mounting in the same commit may
        // subscribe this channel right after, and a late unsubscribe would remove its accounts.
        this.sync();
      }
    };
  }

  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.sync();
    });
  }

  private sync() {
    const seqs = [...this.handlers.keys()].sort((a, b) => a - b);
    const key = seqs.join(',');
    if (key === this.current) return;
    this.current = key;
    // Unsubscribe the old set first, then subscribe the new union: the upstream ends with the union.
    this.off?.();
    this.off = null;
    if (seqs.length === 0) return;
    this.off = privateStream(this.profileId).subscribe({ type: this.channel, accountSeqs: seqs }, (f) => {
      const hs = this.handlers.get(frameAccount(this.channel, f));
      if (hs) for (const h of hs) h(f);
    });
  }
}

const muxes = new Map<string, ChannelMux>();

/** Subscribe one account's frames of a private channel; returns the unsubscribe function. */
export function subscribeAccount(
  profileId: string,
  channel: PrivateChannel,
  accountSeq: number,
  onFrame: Handler,
): () => void {
  const k = `${profileId}\n${channel}`;
  let mux = muxes.get(k);
  if (!mux) {
    mux = new ChannelMux(profileId, channel);
    muxes.set(k, mux);
  }
  return mux.add(accountSeq, onFrame);
}
