import { describe, expect, it } from 'vitest';
import {
  afterPage,
  OVERLAP_MS,
  REACH_SAFETY_MS,
  recentListRead,
  TRADE_REACH_MS,
  tradeWindow,
} from './window.js';

const NOW = 1_800_000_000_000;
const reachStart = NOW - TRADE_REACH_MS + REACH_SAFETY_MS;

describe('tradeWindow', () => {
  it('the first read reaches as far back as the exchange answers and says so', () => {
    expect(tradeWindow(null, NOW)).toEqual({ start: reachStart, oldestReached: reachStart });
  });
  it('a later read overlaps the last one', () => {
    const last = NOW - 60_000;
    expect(tradeWindow(last, NOW)).toEqual({ start: last - OVERLAP_MS });
  });
  it('after a long absence the stretch the exchange no longer answers is a gap', () => {
    const last = NOW - 3 * 24 * 3600_000;
    expect(tradeWindow(last, NOW)).toEqual({ start: reachStart, gap: { from: last, to: reachStart } });
  });
  it('a last read just inside the reach but within the overlap is no gap', () => {
    expect(tradeWindow(reachStart + 1000, NOW)).toEqual({ start: reachStart });
  });
});

describe('recentListRead', () => {
  it('first read: a full list reaches back to its oldest row, a short one holds all there is', () => {
    expect(recentListRead(null, [5, 3, 4], true)).toEqual({ oldestReached: 3 });
    expect(recentListRead(null, [5, 3], false)).toEqual({ oldestReached: null });
  });
  it('a full list whose oldest row is newer than the last read is a gap', () => {
    expect(recentListRead(2, [5, 3, 4], true)).toEqual({ gap: { from: 2, to: 3 } });
    expect(recentListRead(3, [5, 3, 4], true)).toEqual({});
    expect(recentListRead(2, [5, 4], false)).toEqual({});
  });
});

describe('afterPage', () => {
  it('a short page covers the window', () => {
    expect(afterPage(2, 3, { from: 0, to: 10 })).toEqual({ done: true });
  });
  it('a full page splits the window in two halves, newer first', () => {
    expect(afterPage(3, 3, { from: 0, to: 10 })).toEqual({
      done: false,
      halves: [
        { from: 5, to: 10 },
        { from: 0, to: 5 },
      ],
    });
  });
  it('a full page of one millisecond cannot be split: incomplete', () => {
    expect(afterPage(3, 3, { from: 7, to: 8 })).toEqual({ done: true, incomplete: true });
  });
});
