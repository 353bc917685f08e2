import { afterEach, describe, expect, it, vi } from 'vitest';
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

  afterEach(() => vi.useRealTimers());

  it('keeps flushes at least minIntervalMs apart, still on a frame', () => {
    vi.useFakeTimers();
    let t = 1000;
    const frames: (() => void)[] = [];
    let flushes = 0;
    const schedule = frameScheduler(
      (cb) => frames.push(cb),
      () => flushes++,
      100,
      () => t,
    );
    schedule();
    frames.shift()?.();
    expect(flushes).toBe(1);
    t += 30;
    schedule();
    schedule();
    expect(frames).toHaveLength(0); // waits out the interval first
    t += 70;
    vi.advanceTimersByTime(70);
    expect(frames).toHaveLength(1);
    frames.shift()?.();
    expect(flushes).toBe(2);
  });

  it('puts delayed flushes on a shared grid of minIntervalMs, so panels throttled alike flush together', () => {
    vi.useFakeTimers();
    let t = 1030;
    const frames: (() => void)[] = [];
    const mk = () =>
      frameScheduler(
        (cb) => frames.push(cb),
        () => {},
        100,
        () => t,
      );
    const a = mk();
    const b = mk();
    a();
    frames.shift()?.(); // a flushed at 1030
    t = 1055;
    b();
    frames.shift()?.(); // b flushed at 1055
    t = 1060;
    a(); // due 1130, waits for the 1200 boundary
    b(); // due 1155, waits for the 1200 boundary
    vi.advanceTimersByTime(139);
    expect(frames).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(frames).toHaveLength(2);
  });
});
