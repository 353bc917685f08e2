import { describe, expect, it } from 'vitest';
import { frameScheduler } from './frameScheduler.js';

describe('frameScheduler', () => {
  it('runs one flush per frame however often it is called, and books again after the frame', () => {
    const frames: (() => void)[] = [];
    let flushes = 0;
    const schedule = frameScheduler(
      (cb) => frames.push(cb),
      () => flushes++,
    );
    schedule();
    schedule();
    schedule();
    expect(frames).toHaveLength(1);
    expect(flushes).toBe(0);
    frames.shift()?.();
    expect(flushes).toBe(1);
    schedule();
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    expect(flushes).toBe(2);
  });
});
