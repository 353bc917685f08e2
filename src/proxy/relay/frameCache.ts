/**
 * Last state per public channel, so a browser joining a channel that is already subscribed upstream
 * still starts from a snapshot. Ticker and orderbook frames are full replacements; trades are kept
 * as a bounded list (newest first, deduplicated by tradeId).
 */
export interface PublicFrame {
  type: string;
  symbol: string;
  timestamp?: number;
  snapshot?: boolean;
  data: unknown;
  [k: string]: unknown;
}

const MAX_TRADES = 100;

export class FrameCache {
  private readonly frames = new Map<string, PublicFrame>();

  update(key: string, frame: PublicFrame): void {
    if (frame.type !== 'trade') {
      this.frames.set(key, frame);
      return;
    }
    const prev = frame.snapshot ? undefined : this.frames.get(key);
    if (!frame.snapshot && !prev) return; // no base to add to yet
    const incoming = Array.isArray(frame.data) ? (frame.data as { tradeId?: number }[]) : [];
    const merged = [
      ...incoming,
      ...(prev && Array.isArray(prev.data) ? (prev.data as { tradeId?: number }[]) : []),
    ];
    const seen = new Set<number>();
    const list = merged
      .filter((t) => {
        if (typeof t !== 'object' || t === null) return false; // garbage from upstream is not cached
        if (typeof t.tradeId !== 'number') return true;
        if (seen.has(t.tradeId)) return false;
        seen.add(t.tradeId);
        return true;
      })
      .sort((a, b) => (b.tradeId ?? 0) - (a.tradeId ?? 0))
      .slice(0, MAX_TRADES);
    this.frames.set(key, { ...frame, data: list });
  }

  /** The cached state as a snapshot frame, or undefined. */
  snapshot(key: string): PublicFrame | undefined {
    const f = this.frames.get(key);
    return f ? { ...f, snapshot: true } : undefined;
  }

  delete(key: string): void {
    this.frames.delete(key);
  }

  clear(): void {
    this.frames.clear();
  }
}
