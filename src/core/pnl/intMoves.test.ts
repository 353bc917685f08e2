import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seededRandom.js';
import { deposit, fill, transfer, withdrawal } from './fixtures.js';
import { IntMoves, moveScale } from './intMoves.js';
import { splitTrackKey, trackKey } from './state.js';
import type { LedgerEvent } from './types.js';

/** The moves as the P&L took them in big.js before IntMoves (ledger.ts deltas now derives from it). */
function deltas(e: LedgerEvent, push: (key: string, d: Big) => void): void {
  const p = e.profileId;
  if (e.kind === 'trade') {
    const coin = e.symbol.toLowerCase().split('_')[0] as string;
    const value = new Big(e.price).times(e.qty);
    const sign = e.side === 'buy' ? 1 : -1;
    push(trackKey(p, e.accountSeq, coin), new Big(e.qty).times(sign));
    push(trackKey(p, e.accountSeq, 'krw'), value.times(-sign));
    push(trackKey(p, e.accountSeq, e.feeCurrency.toLowerCase()), new Big(e.fee).neg());
  } else if (e.kind === 'transfer') {
    const c = e.currency.toLowerCase();
    push(trackKey(p, e.fromAccountSeq, c), new Big(e.amount).neg());
    push(trackKey(p, e.toAccountSeq, c), new Big(e.amount));
  } else {
    const c = e.currency.toLowerCase();
    const sign = e.kind === 'deposit' ? 1 : -1;
    push(trackKey(p, e.accountSeq, c), new Big(e.amount).times(sign));
    push(trackKey(p, e.accountSeq, c), new Big(e.fee ?? '0').neg());
  }
}

function amount(r: () => number): string {
  const int = String(Math.floor(r() * 10 ** Math.floor(r() * 10)));
  const dp = Math.floor(r() * 13);
  return dp === 0 ? int : `${int}.${Array.from({ length: dp }, () => Math.floor(r() * 10)).join('')}`;
}

function events(seed: number, n: number): LedgerEvent[] {
  const r = seededRandom(seed);
  const out: LedgerEvent[] = [];
  for (let i = 0; i < n; i++) {
    const k = r();
    const seq = 1 + Math.floor(r() * 3);
    if (k < 0.6) {
      const fc = r() < 0.5 ? 'krw' : 'eth';
      out.push(fill(i, i, r() < 0.5 ? 'buy' : 'sell', amount(r), amount(r), amount(r), fc, seq, 'eth_krw'));
    } else if (k < 0.75)
      out.push(deposit(i, i, r() < 0.5 ? 'krw' : 'eth', amount(r), seq, r() < 0.5 ? amount(r) : undefined));
    else if (k < 0.9) out.push(withdrawal(i, i, 'eth', amount(r), seq, r() < 0.5 ? amount(r) : undefined));
    else out.push(transfer(i, i, 'krw', amount(r), seq, 1 + (seq % 3)));
  }
  return out;
}

describe('IntMoves', () => {
  it('gives every move big.js gives, and the same running positions, on seeded events of up to 12 decimals', () => {
    for (const seed of [1, 2, 3, 4]) {
      const list = events(seed, 1500);
      const m = new IntMoves(moveScale(list));
      const big = new Map<string, Big>();
      const int = new Map<string, bigint>();
      for (const e of list) {
        const a: Array<[string, string]> = [];
        const b: Array<[string, string]> = [];
        deltas(e, (k, d) => {
          a.push([k, d.toString()]);
          big.set(k, (big.get(k) ?? new Big(0)).plus(d));
        });
        m.deltas(e, (k, d) => {
          b.push([k, m.toBig(d).toString()]);
          int.set(k, (int.get(k) ?? 0n) + d);
        });
        expect(b, JSON.stringify(e)).toEqual(a);
      }
      for (const [k, v] of big) expect(m.toBig(int.get(k) ?? 0n).toString(), k).toBe(v.toString());
    }
  });

  it('takes a scale from the most decimals any move needs, a price times a quantity included', () => {
    expect(moveScale([fill(1, 1, 'buy', '0.125', '1.5', '0.0001')])).toBe(4);
    expect(moveScale([fill(1, 1, 'buy', '1', '2', '0.000000001')])).toBe(9);
    expect(moveScale([deposit(1, 1, 'eth', '0.1', 1, '0.00002'), transfer(2, 2, 'krw', '3.5', 1, 2)])).toBe(
      5,
    );
  });
});

describe('splitTrackKey', () => {
  it('gives trackKey its parts back', () => {
    expect(splitTrackKey(trackKey('sandbox-hmac', 3, 'doge'))).toEqual({
      profileId: 'sandbox-hmac',
      accountSeq: 3,
      currency: 'doge',
    });
  });
});
