// The sampler's flow reads against a scripted exchange: a currency-less coin list refused is asked per
// currency; a per-currency list refused too is reported (never swallowed) and makes the day P&L uncertain.
import { describe, expect, it } from 'vitest';
import { dayPnl } from '../../core/desk/dayPnl.js';
import type { Forwarder } from '../forward/forwarder.js';
import { type ProfileFundingMemo, readFlows } from './flowReader.js';

type Answer = { status: number; data?: unknown; code?: string };
type Script = (path: string, params: Map<string, string>) => Answer;

function forwarder(script: Script, calls: string[]): Forwarder {
  return {
    execute: async (input: { path: string; params: [string, string][] }) => {
      const params = new Map(input.params);
      calls.push(`${input.path}${params.has('currency') ? `?${params.get('currency')}` : ''}`);
      const a = script(input.path, params);
      const envelope =
        a.status === 200
          ? { success: true, data: a.data }
          : { success: false, error: { code: a.status, message: a.code } };
      return { status: a.status, envelope, text: JSON.stringify(envelope), headers: {} };
    },
  } as unknown as Forwarder;
}

const NOW = Date.UTC(2026, 2, 10, 3, 0, 0);
const deposit = (id: number, currency: string, quantity: string) => ({
  id,
  currency,
  quantity,
  status: 'done',
  createdAt: NOW - 60_000,
  network: 'X',
  address: 'a',
});
const refused: Answer = { status: 400, code: 'BAD_REQUEST' };

/** A strict exchange: coin lists need a currency; btc has one deposit, eth one unless `ethFails`. */
const strict =
  (ethFails = false): Script =>
  (path, params) => {
    const cur = params.get('currency');
    if (path === '/v2/coin/recentDeposits') {
      if (!cur) return refused;
      if (cur === 'eth' && ethFails) return { status: 400, code: 'INVALID_CURRENCY' };
      return { status: 200, data: cur === 'btc' ? [deposit(1, 'btc', '0.5')] : [deposit(2, 'eth', '2')] };
    }
    if (path === '/v2/coin/recentWithdrawals') return cur ? { status: 200, data: [] } : refused;
    return { status: 200, data: [] };
  };

const input = (script: Script, calls: string[], memo: ProfileFundingMemo) => ({
  ctx: { forwarder: forwarder(script, calls), sleep: async () => undefined },
  profileId: 'p1',
  accountSeq: 1,
  permissions: new Set(['readDeposits', 'readWithdrawals', 'readTransfers']),
  prices: new Map([
    ['krw', '1'],
    ['btc', '100000000'],
    ['eth', '4000000'],
  ]),
  balances: [{ currency: 'krw' }, { currency: 'btc' }, { currency: 'eth' }],
  history: [],
  memo,
  now: NOW,
});

describe('readFlows under the strict reading', () => {
  it('asks per currency after the refusal, remembers it, and finds every deposit', async () => {
    const calls: string[] = [];
    const memo: ProfileFundingMemo = { modes: {} };
    const r = await readFlows(input(strict(), calls, memo));
    expect(r.unread).toEqual([]);
    expect(r.flows.map((f) => f.flowId).sort()).toEqual(['deposit:btc:1', 'deposit:eth:2']);
    expect(calls).toContain('/v2/coin/recentDeposits');
    expect(calls).toContain('/v2/coin/recentDeposits?btc');
    expect(memo.modes).toEqual({ coinDeposits: 'perCurrency', coinWithdrawals: 'perCurrency' });
    // the next round asks per currency straight away
    const again: string[] = [];
    await readFlows(input(strict(), again, memo));
    expect(again).not.toContain('/v2/coin/recentDeposits');
  });

  it('reports a list it could not read and the day P&L says it is uncertain', async () => {
    const r = await readFlows(input(strict(true), [], { modes: {} }));
    expect(r.unread).toEqual([{ list: 'coinDeposits', currency: 'eth', code: 'INVALID_CURRENCY', at: NOW }]);
    expect(r.flows.map((f) => f.flowId)).toEqual(['deposit:btc:1']);
    const day = dayPnl({
      points: [{ ts: NOW - 3_600_000, equityKrw: '100000000' }],
      flows: r.flows,
      now: NOW,
      currentEquity: '158000000',
      unread: r.unread,
    });
    expect(day.unreadFlows).toEqual(['coinDeposits']);
  });

  it('reports a whole list that failed for another reason than a refusal (after retrying)', async () => {
    const calls: string[] = [];
    const script: Script = (path) =>
      path === '/v2/krw/recentDeposits'
        ? { status: 503, code: 'SERVICE_UNAVAILABLE' }
        : { status: 200, data: [] };
    const r = await readFlows(input(script, calls, { modes: {} }));
    expect(r.unread.map((u) => [u.list, u.code])).toEqual([['krwDeposits', 'SERVICE_UNAVAILABLE']]);
    // retried before giving up
    expect(calls.filter((c) => c === '/v2/krw/recentDeposits').length).toBeGreaterThan(1);
  });
});
