// Position moves as integers: every amount of a ledger at one scale (the most decimals any move needs,
// a price times a quantity included), so a pass that only adds and compares positions works on bigint
// instead of big.js (beyondLedger: about a third of the index build at 100,000 fills went to big.js
// objects there). Exact for any plain decimal: the scale grows with the input.
import Big from 'big.js';
import { fromUnits } from '../scaledDecimal.js';
import { trackKey } from './state.js';
import type { LedgerEvent } from './types.js';

const places = (s: string): number => {
  const i = s.indexOf('.');
  return i < 0 ? 0 : s.length - i - 1;
};

/** The scale every move of these events fits: the most decimals of an amount, a fee or price x qty. */
export function moveScale(events: readonly LedgerEvent[]): number {
  let s = 0;
  for (const e of events) {
    if (e.kind === 'trade') s = Math.max(s, places(e.price) + places(e.qty), places(e.fee));
    else s = Math.max(s, places(e.amount), e.kind === 'transfer' ? 0 : places(e.fee ?? '0'));
  }
  return s;
}

/** Integer moves at one scale; `scale` from moveScale over every event it will see. */
export class IntMoves {
  private readonly pow: bigint[] = [];

  constructor(readonly scale: number) {
    let p = 1n;
    for (let i = 0; i <= scale; i++) {
      this.pow.push(p);
      p *= 10n;
    }
  }

  /** A plain non-negative decimal with `dp` <= scale decimals, as units of 10^-scale. */
  units(s: string): bigint {
    const i = s.indexOf('.');
    if (i < 0) return BigInt(s) * (this.pow[this.scale] as bigint);
    return BigInt(s.slice(0, i) + s.slice(i + 1)) * (this.pow[this.scale - (s.length - i - 1)] as bigint);
  }

  /** price x qty in units (the product's decimals are within the scale: moveScale counted them). */
  value(price: string, qty: string): bigint {
    const digits = (s: string) => {
      const i = s.indexOf('.');
      return i < 0 ? BigInt(s) : BigInt(s.slice(0, i) + s.slice(i + 1));
    };
    return digits(price) * digits(qty) * (this.pow[this.scale - places(price) - places(qty)] as bigint);
  }

  toBig(v: bigint): Big {
    return new Big(fromUnits(v, this.scale));
  }

  /** The event's position moves per track, in order, as ledger.ts deltas gives them in big.js. */
  deltas(e: LedgerEvent, push: (key: string, d: bigint) => void): void {
    const p = e.profileId;
    if (e.kind === 'trade') {
      const coin = e.symbol.toLowerCase().split('_')[0] as string;
      const q = this.units(e.qty);
      const value = this.value(e.price, e.qty);
      const buy = e.side === 'buy';
      push(trackKey(p, e.accountSeq, coin), buy ? q : -q);
      push(trackKey(p, e.accountSeq, 'krw'), buy ? -value : value);
      push(trackKey(p, e.accountSeq, e.feeCurrency.toLowerCase()), -this.units(e.fee));
    } else if (e.kind === 'transfer') {
      const c = e.currency.toLowerCase();
      const a = this.units(e.amount);
      push(trackKey(p, e.fromAccountSeq, c), -a);
      push(trackKey(p, e.toAccountSeq, c), a);
    } else {
      const c = e.currency.toLowerCase();
      const a = this.units(e.amount);
      push(trackKey(p, e.accountSeq, c), e.kind === 'deposit' ? a : -a);
      push(trackKey(p, e.accountSeq, c), -this.units(e.fee ?? '0'));
    }
  }
}
