import { describe, expect, it } from 'vitest';
import { readUnreadLists, unreadFlowLists } from './unread.js';

describe('unread lists', () => {
  it('names each unread flow list once, in a fixed order, leaving the balance out', () => {
    expect(
      unreadFlowLists([
        { list: 'transfers', currency: null, code: 'X', at: 1 },
        { list: 'coinDeposits', currency: 'btc', code: 'X', at: 1 },
        { list: 'coinDeposits', currency: 'eth', code: 'X', at: 1 },
        { list: 'balance', currency: null, code: 'X', at: 1 },
      ]),
    ).toEqual(['coinDeposits', 'transfers']);
    expect(unreadFlowLists(undefined)).toEqual([]);
  });

  it('keeps only well-formed reports from the wire', () => {
    const good = { list: 'coinWithdrawals', currency: null, code: 'BAD_REQUEST', at: 5 };
    expect(readUnreadLists([good, { list: 'nope', code: 'X', at: 1 }, null, { list: 'balance' }])).toEqual([
      good,
    ]);
    expect(readUnreadLists('x')).toEqual([]);
  });
});
