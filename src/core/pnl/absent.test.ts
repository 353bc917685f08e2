// A whole balance answer that leaves a currency out: held at zero (the live exchange may leave zero
// balances out), so a coin that left by a movement the ledger cannot see does not stay on the books.
import { describe, expect, it } from 'vitest';
import { absentAtZero, type BalanceAnswer, movedCurrencies } from './absent.js';
import { deposit, fill, P, randomHistory, transfer, withdrawal } from './fixtures.js';
import { deltas } from './ledger.js';
import { buildPnlIndex } from './pnlIndex.js';
import { queryPnl } from './query.js';
import { trackKey } from './state.js';
import type { Holding, LedgerEvent } from './types.js';

const T = Date.UTC(2027, 0, 10, 0, 0);
const min = (k: number) => T + k * 60_000;
const held = (currency: string, qty: string, at = min(500), accountSeq = 1): Holding => ({
  profileId: P,
  accountSeq,
  currency,
  qty,
  at,
});
const answer = (rows: Holding[], at = min(500), accountSeq = 1): BalanceAnswer => ({
  profileId: P,
  accountSeq,
  at,
  rows,
});

describe('movedCurrencies', () => {
  it('names the tracks deltas moves, for every kind of event', () => {
    const events: LedgerEvent[] = [
      fill(1, min(1), 'buy', '100', '2', '0.001', 'btc'),
      fill(2, min(2), 'sell', '100', '1', '5', 'krw', 2, 'eth_krw'),
      transfer(3, min(3), 'eth', '1', 2, 3),
      deposit(4, min(4), 'xrp', '10', 1, '1'),
      withdrawal(5, min(5), 'krw', '10', 3, '1'),
      ...randomHistory(7).events,
    ];
    for (const e of events) {
      const fromDeltas = new Set<string>();
      deltas(e, (k) => fromDeltas.add(k));
      const named = new Set<string>();
      movedCurrencies(e, (seq, c) => named.add(trackKey(e.profileId, seq, c)));
      expect(named).toEqual(fromDeltas);
    }
  });
});

describe('absentAtZero', () => {
  const events = [
    fill(1, min(10), 'buy', '100000000', '0.5'),
    deposit(2, min(20), 'eth', '3'),
    { ...withdrawal(3, min(30), 'xrp', '5'), status: 'pending' as const },
    fill(4, min(40), 'buy', '1000', '10', '0', 'krw', 2, 'ada_krw'),
    fill(5, min(600), 'buy', '500', '1', '0', 'krw', 1, 'sol_krw'),
  ];

  it('adds a zero row for each currency the account moved by the answer and the answer left out', () => {
    const zero = absentAtZero([answer([held('krw', '1000'), held('eth', '3')])], events);
    // btc (bought), not krw or eth (listed), not xrp (a pending withdrawal does not count), not sol
    // (after the answer), not ada (another account)
    expect(zero).toEqual([held('btc', '0')]);
  });

  it('an empty answer (everything left out) holds zero of everything the account moved', () => {
    const zero = absentAtZero([answer([])], events);
    expect(zero.map((h) => h.currency).sort()).toEqual(['btc', 'eth', 'krw']);
    expect(zero.every((h) => h.qty === '0' && h.at === min(500))).toBe(true);
  });

  it('an event too malformed to name a currency is passed over, not thrown on', () => {
    const broken = { ...deposit(9, min(5), 'doge', '1'), currency: undefined } as unknown as LedgerEvent;
    expect(absentAtZero([answer([held('krw', '1000'), held('eth', '3')])], [broken, ...events])).toEqual([
      held('btc', '0'),
    ]);
  });

  it('no answer, no rows; an answer that lists everything adds none', () => {
    expect(absentAtZero([], events)).toEqual([]);
    const all = ['krw', 'btc', 'eth'].map((c) => held(c, '0'));
    expect(absentAtZero([answer(all)], events)).toEqual([]);
  });

  it('the P&L: a coin the answer left out leaves as an unseen outflow, not a position valued for ever', () => {
    const fills = [fill(1, min(10), 'buy', '100000000', '0.5'), fill(2, min(20), 'buy', '110000000', '0.1')];
    const rows = [held('krw', '0')];
    const q = { from: T - 86_400_000, to: min(600), scope: 'all' as const };
    const before = queryPnl(buildPnlIndex({ events: fills, holdings: rows }), q);
    expect(before.perAsset.find((a) => a.currency === 'btc')?.position).toBe('0.6');
    const holdings = [...rows, ...absentAtZero([answer(rows)], fills)];
    const r = queryPnl(buildPnlIndex({ events: fills, holdings }), q);
    expect(r.perAsset.find((a) => a.currency === 'btc')?.position ?? '0').toBe('0');
    const out = r.flows.filter((f) => f.eventId.startsWith('unseen:'));
    expect(out).toMatchObject([{ kind: 'withdrawal', currency: 'btc', amount: '0.6', at: min(500) }]);
    expect(r.total.uncertain).toContain('unseenOutflow');
  });
});
