import { describe, expect, it } from 'vitest';
import { firstPage, olderPage, WINDOW_MS } from './historyPaging.js';

describe('history paging', () => {
  const now = 10 * WINDOW_MS;
  it('starts inside the 36 h window', () => {
    expect(now - firstPage(now).startTime).toBeLessThan(WINDOW_MS);
  });
  it('pages older from the oldest record, inclusive of its millisecond', () => {
    const cur = firstPage(now);
    const page = [{ createdAt: now - 10 }, { createdAt: now - 50 }];
    expect(olderPage(cur, page, 2)).toEqual({ startTime: cur.startTime, endTime: now - 49 });
    expect(olderPage(cur, page, 3)).toBeNull();
  });
  it('always makes progress', () => {
    const cur = { startTime: 0, endTime: 101 };
    expect(olderPage(cur, [{ createdAt: 100 }, { createdAt: 100 }], 2)).toEqual({
      startTime: 0,
      endTime: 100,
    });
  });
});
