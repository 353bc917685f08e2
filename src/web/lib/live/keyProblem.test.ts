import { describe, expect, it } from 'vitest';
import { freshnessOf } from './freshness.js';
import { keyProblemOf } from './keyProblem.js';
import { orderBlockReason } from './useOrderBlock.js';

describe('a refused key in the freshness vocabulary', () => {
  const base = { updatedAt: 10_000, budgetMs: 5_000, proxy: 'ok' as const, now: 12_000 };

  it('a down stream whose key is refused says so with the code instead of "reconnecting"', () => {
    expect(freshnessOf({ ...base, stream: 'interrupted', keyProblem: 'KEY_EXPIRED' })).toEqual({
      state: 'down',
      since: 10_000,
      reason: 'key',
      code: 'KEY_EXPIRED',
    });
    expect(freshnessOf({ ...base, stream: 'interrupted', keyProblem: null }).reason).toBe('stream');
  });

  it('an open stream stays live whatever REST said about the key; the proxy session still outranks it', () => {
    expect(freshnessOf({ ...base, stream: 'open', keyProblem: 'KEY_EXPIRED' }).state).toBe('live');
    expect(
      freshnessOf({ ...base, stream: 'interrupted', keyProblem: 'KEY_EXPIRED', proxy: 'unreachable' }).reason,
    ).toBe('proxy');
  });
});

describe('orderBlockReason with a refused key', () => {
  it('says the key is refused instead of "reconnecting"', () => {
    expect(orderBlockReason('ok', 'open', 'interrupted', true)).toBe('live.block.key');
    expect(orderBlockReason('ok', 'open', 'interrupted', false)).toBe('live.block.private');
    expect(orderBlockReason('ok', 'open', 'open', true)).toBeNull();
  });
});

describe('keyProblemOf', () => {
  it('the stream’s word wins; the session’s since is kept for the same code', () => {
    expect(
      keyProblemOf(
        { code: 'KEY_EXPIRED', at: 500, seen: 'stream' },
        { code: 'KEY_EXPIRED', since: 100, seen: 'stream' },
      ),
    ).toEqual({ code: 'KEY_EXPIRED', since: 100, stopped: true, toldAt: 500 });
    expect(
      keyProblemOf(
        { code: 'KEY_DEACTIVATED', at: 500, seen: 'stream' },
        { code: 'KEY_EXPIRED', since: 100, seen: 'stream' },
      ),
    ).toEqual({ code: 'KEY_DEACTIVATED', since: 500, stopped: true, toldAt: 500 });
    // pushed for a problem REST saw: the stream itself is still up
    expect(
      keyProblemOf(
        { code: 'KEY_EXPIRED', at: 500, seen: 'rest' },
        { code: 'KEY_EXPIRED', since: 100, seen: 'stream' },
      ),
    ).toMatchObject({ stopped: false, since: 100 });
  });

  it('the session fills in before the stream told anything; nothing known is null', () => {
    expect(keyProblemOf(null, { code: 'IP_NOT_ALLOWED', since: 7, seen: 'rest' })).toEqual({
      code: 'IP_NOT_ALLOWED',
      since: 7,
      stopped: false,
      toldAt: null,
    });
    expect(keyProblemOf(null, undefined)).toBeNull();
  });
});
