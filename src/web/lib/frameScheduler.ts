// Coalescing of hot-stream updates to at most one flush per animation frame (book, trades tape).

export type Raf = (cb: () => void) => number;

export const defaultRaf: Raf = (cb) =>
  typeof requestAnimationFrame === 'function'
    ? requestAnimationFrame(cb)
    : (setTimeout(cb, 16) as unknown as number);

/**
 * Returns `schedule()`: the first call in a frame books one `flush` on the next frame; later calls add nothing.
 * With `minIntervalMs`, flushes are also at least that far apart (a panel read by eye, not by the frame), and
 * a delayed flush waits for the next multiple of it, so panels throttled alike repaint in one frame.
 */
export function frameScheduler(
  raf: Raf,
  flush: () => void,
  minIntervalMs = 0,
  now: () => number = () => Date.now(),
): () => void {
  let scheduled = false;
  let last = Number.NEGATIVE_INFINITY;
  const run = () =>
    raf(() => {
      scheduled = false;
      last = now();
      flush();
    });
  return () => {
    if (scheduled) return;
    scheduled = true;
    // on a grid shared by every throttled panel, so their flushes land in the same frame
    const t = now();
    const wait =
      last + minIntervalMs > t ? Math.ceil((last + minIntervalMs) / minIntervalMs) * minIntervalMs - t : 0;
    if (wait > 0) setTimeout(run, wait);
    else run();
  };
}
