// Coalescing of hot-stream updates to at most one flush per animation frame (book, trades tape).

/** requestAnimationFrame's shape: the callback gets the frame's time, the same for every callback of a frame. */
export type Raf = (cb: (frameTime?: number) => void) => number;

export const defaultRaf: Raf = (cb) =>
  typeof requestAnimationFrame === 'function'
    ? requestAnimationFrame(cb)
    : (setTimeout(cb, 16) as unknown as number);

// Per-frame flushes (the order book, minIntervalMs 0) have the frame to themselves: a throttled panel whose
// turn falls in a frame where one of them runs steps aside to the next frame, once, so a book frame is not
// painted late behind the tape, the chart's live candle and the tickers (issue 12, frame -> paint p99).
let perFrameBooked = 0;
let perFrameRanAt: number | undefined;

/**
 * Returns `schedule()`: the first call in a frame books one `flush` on the next frame; later calls add nothing.
 * With `minIntervalMs`, flushes are also at least that far apart (a panel read by eye, not by the frame), and
 * a delayed flush waits for the next multiple of it, so panels throttled alike repaint in one frame; such a
 * flush moves to the following frame when a per-frame flush runs in its frame.
 */
export function frameScheduler(
  raf: Raf,
  flush: () => void,
  minIntervalMs = 0,
  now: () => number = () => Date.now(),
): () => void {
  let scheduled = false;
  let last = Number.NEGATIVE_INFINITY;
  const perFrame = minIntervalMs <= 0;
  const done = () => {
    scheduled = false;
    last = now();
    flush();
  };
  const run = () => {
    if (perFrame) {
      perFrameBooked++;
      raf((frameTime) => {
        perFrameBooked--;
        perFrameRanAt = frameTime;
        done();
      });
      return;
    }
    raf((frameTime) => {
      const busy = frameTime !== undefined && (perFrameBooked > 0 || perFrameRanAt === frameTime);
      if (busy) raf(done);
      else done();
    });
  };
  return () => {
    if (scheduled) return;
    scheduled = true;
    // on a grid shared by every throttled panel, so their flushes land in the same frame
    const t = now();
    const wait =
      !perFrame && last + minIntervalMs > t
        ? Math.ceil((last + minIntervalMs) / minIntervalMs) * minIntervalMs - t
        : 0;
    if (wait > 0) setTimeout(run, wait);
    else run();
  };
}
