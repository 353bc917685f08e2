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

describe('frameScheduler: the per-frame flush has its frame to itself', () => {
  afterEach(() => vi.useRealTimers());

  it('a throttled flush whose frame also runs a per-frame flush moves to the next frame, once', () => {
    vi.useFakeTimers();
    const t = 1000;
    let frameTime = 0;
    let frames: ((ts?: number) => void)[] = [];
    const raf = (cb: (ts?: number) => void) => frames.push(cb);
    const order: string[] = [];
    const runFrame = () => {
      frameTime += 16;
      const now = frames;
      frames = [];
      for (const cb of now) cb(frameTime);
    };
    const book = frameScheduler(raf, () => order.push(`book@${frameTime}`));
    const tape = frameScheduler(
      raf,
      () => order.push(`tape@${frameTime}`),
      100,
      () => t,
    );

    // tape booked before the book in the same frame: it still steps aside
    tape();
    book();
    runFrame();
    expect(order).toEqual(['book@16']);
    // next frame the book flushes again: the tape does not step aside a second time
    book();
    runFrame();
    expect(order).toEqual(['book@16', 'tape@32', 'book@32']);

    // a frame without a book flush: the tape flushes in it
    order.length = 0;
    vi.advanceTimersByTime(1000);
    tape();
    vi.advanceTimersByTime(200);
    runFrame();
    expect(order).toEqual(['tape@48']);
  });
});
