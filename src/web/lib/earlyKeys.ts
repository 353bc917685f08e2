// Keys pressed on the trading screen before its key handler has loaded (the handler comes in its own chunk,
// right after the first render). They are held here and handed over when the handler mounts, so a key pressed
// in the first moment is acted on, not lost. Kept tiny: this module is in the first load.

/** Older keys are dropped: acting on a key seconds after it was pressed would surprise. */
export const HOLD_MS = 3000;

export function createKeyHold(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  now = () => performance.now(),
  // A modal dialog owns the keyboard (its own Enter and Escape).
  blocked = () => !!document.querySelector('dialog[open]'),
) {
  let held: { e: KeyboardEvent; at: number }[] = [];
  const onKey = (ev: Event) => {
    const e = ev as KeyboardEvent;
    if (!e.repeat && !e.defaultPrevented && !blocked() && held.length < 16) held.push({ e, at: now() });
  };
  const stop = () => {
    target.removeEventListener('keydown', onKey);
    held = [];
  };
  return {
    /** Starts holding (the trading screen mounted); returns the stop for its unmount. */
    start() {
      target.addEventListener('keydown', onKey);
      return stop;
    },
    /** The handler mounted: the recent held key events, oldest first (their target tells where focus was). */
    take() {
      const cutoff = now() - HOLD_MS;
      const recent = held.filter((k) => k.at >= cutoff).map((k) => k.e);
      stop();
      return recent;
    },
  };
}

let shared: ReturnType<typeof createKeyHold> | undefined;
/** The page's one hold, made on first use. */
export const earlyKeys = () => {
  shared ??= createKeyHold(window);
  return shared;
};
