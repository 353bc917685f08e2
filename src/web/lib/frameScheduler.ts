// Coalescing of hot-stream updates to at most one flush per animation frame (book, trades tape).

export type Raf = (cb: () => void) => number;

export const defaultRaf: Raf = (cb) =>
  typeof requestAnimationFrame === 'function'
    ? requestAnimationFrame(cb)
    : (setTimeout(cb, 16) as unknown as number);

/** Returns `schedule()`: the first call in a frame books one `flush` on the next frame; later calls add nothing. */
export function frameScheduler(raf: Raf, flush: () => void): () => void {
  let scheduled = false;
  return () => {
    if (scheduled) return;
    scheduled = true;
    raf(() => {
      scheduled = false;
      flush();
    });
  };
}
