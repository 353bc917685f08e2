// Runs a stepwise computation (a generator that pauses with a bare `yield`) a few milliseconds at a time,
// giving the event loop back between slices: the proxy's one thread keeps relaying orders and streams
// while a long build (the P&L index over a big ledger) goes on.
export async function runInSlices<T>(steps: Generator<void, T, void>, sliceMs = 8): Promise<T> {
  for (;;) {
    const until = performance.now() + sliceMs;
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
      if (performance.now() >= until) break;
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
