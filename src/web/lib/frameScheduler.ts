// Coalescing of hot-stream updates to at most one flush per animation frame (book, trades tape).

export type Raf = (cb: () => void) => number;

export const defaultRaf: Raf = (cb) =>
  typeof requestAnimationFrame === 'function'
    ? requestAnimationFrame(cb)
    : (setTimeout(cb, 16) as unknown as number);

/**
 * Returns `schedule()`: the first call in a frame books one `flush` on the next frame; later calls add nothing.
 * With `minIntervalMs`, flushes are also at least that far apart (a panel read by eye, not by the frame).
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
    const wait = last + minIntervalMs - now();
    if (wait > 0) setTimeout(run, wait);
    else run();
  };
}
