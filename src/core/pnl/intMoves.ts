// Position moves as integers: every amount of a ledger at one scale (the most decimals any move needs,
// a price times a quantity included), so a pass that only adds and compares positions works on bigint
// instead of big.js (beyondLedger: about a third of the index build at 100,000 fills went to big.js
// objects there). Exact for any plain decimal: the scale grows with the input.
import Big from 'big.js';
import { fracLen, fromUnits, pow10, toUnits } from '../scaledDecimal.js';
import { trackKey } from './state.js';
import type { LedgerEvent } from './types.js';

/** The scale every move of these events fits: the most decimals of an amount, a fee or price x qty. */
export function moveScale(events: readonly LedgerEvent[]): number {
  let s = 0;
  for (const e of events) {
    if (e.kind === 'trade') s = Math.max(s, fracLen(e.price) + fracLen(e.qty), fracLen(e.fee));
    else s = Math.max(s, fracLen(e.amount), e.kind === 'transfer' ? 0 : fracLen(e.fee ?? '0'));
  }
  return s;
}

/** Integer moves at one scale; `scale` from moveScale over every event it will see. */
export class IntMoves {
  constructor(readonly scale: number) {}

  /** A plain non-negative decimal (an event's, already validated) as units of 10^-scale. */
  units(s: string): bigint {
    return toUnits(s, this.scale) as bigint;
  }

  /** price x qty in units (its decimals are within the scale: moveScale counted them). */
  value(price: string, qty: string): bigint {
    const dp = fracLen(price);
    const dq = fracLen(qty);
    return (toUnits(price, dp) as bigint) * (toUnits(qty, dq) as bigint) * pow10(this.scale - dp - dq);
  }

  toBig(v: bigint): Big {
    return new Big(fromUnits(v, this.scale));
  }

  /** The event's position moves per track, in order (ledger.ts deltas gives the same in big.js). */
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
