import { describe, expect, it } from 'vitest';
import { runInSlices } from './slices.js';

/** 40 steps of about 2 ms of work each, then the sum of the step numbers. */
function* work(): Generator<void, number, void> {
  let sum = 0;
  for (let i = 0; i < 40; i++) {
    const until = performance.now() + 2;
    while (performance.now() < until) {
      // busy, as a build is
    }
    sum += i;
    yield;
  }
  return sum;
}

describe('runInSlices', () => {
  it('gives the event loop back between slices and ends with the result', async () => {
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 1);
    const started = performance.now();
    const result = await runInSlices(work(), 8);
    const ended = performance.now();
    clearInterval(timer);
    expect(result).toBe((39 * 40) / 2);
    // the timer ran while the work went on (~80 ms of it), not only after
    expect(ticks.filter((t) => t > started && t < ended).length).toBeGreaterThanOrEqual(4);
  });
});
