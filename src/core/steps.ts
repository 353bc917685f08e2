// Stepwise computations: a generator that pauses with a bare `yield` between parts of a long pass, so
// an event loop can run it a slice at a time (proxy/ledger/slices.ts); `drain` runs one at once.

/** Every this many items a long pass pauses. */
export const STEP_ITEMS = 2000;

export function drain<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}
