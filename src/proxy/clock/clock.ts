import type { UpstreamClient } from '../forward/client.js';

/**
 * Server-time offset for one upstream, from GET /v2/time (`{time}` or `{data:{time}}`), measured at
 * the midpoint of the round trip. `now()` is the timestamp to sign with.
 */
export class UpstreamClock {
  offsetMs = 0;
  lastSyncAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private inflight: Promise<number> | undefined;

  constructor(
    private readonly client: UpstreamClient,
    private readonly restUrl: string,
    private readonly refreshMs = 60_000,
  ) {}

  now(): number {
    return Math.round(Date.now() + this.offsetMs);
  }

  /** Syncs once; concurrent callers share the same request. Failures keep the previous offset. */
  sync(): Promise<number> {
    if (!this.inflight) {
      this.inflight = this.doSync().finally(() => {
        this.inflight = undefined;
      });
    }
    return this.inflight;
  }

  private async doSync(): Promise<number> {
    const t0 = Date.now();
    const res = await this.client.send({
      restUrl: this.restUrl,
      method: 'GET',
      path: '/v2/time',
      timeoutMs: 5000,
    });
    const t1 = Date.now();
    const time = parseServerTime(res.text);
    if (time === null) throw new Error('GET /v2/time: no time in the answer');
    this.offsetMs = time - (t0 + t1) / 2;
    this.lastSyncAt = t1;
    return this.offsetMs;
  }

  /** Settles after the first sync attempt (success or failure). */
  ready: Promise<void> = Promise.resolve();
  /** True once `ready` has settled (a signer need not wait a turn for it then). */
  settled = true;

  start(onError: (e: unknown) => void): void {
    this.settled = false;
    this.ready = this.sync().then(
      () => {},
      (e) => onError(e),
    );
    void this.ready.then(() => {
      this.settled = true;
    });
    this.timer = setInterval(() => this.sync().catch(onError), this.refreshMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

export function parseServerTime(text: string): number | null {
  try {
    const v = JSON.parse(text) as { time?: unknown; data?: { time?: unknown } };
    const t = v.data?.time ?? v.time;
    return typeof t === 'number' && Number.isFinite(t) ? t : null;
  } catch {
    return null;
  }
}
