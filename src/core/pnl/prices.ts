// Price timeline per coin: fills (KRW quotes) and caller marks, looked up by binary search.
// The price at t is the last observation at or before t (`inclusive`) or strictly before t; before
// the first observation the first one is used and the lookup reports it as missing.
import Big from 'big.js';
import { isDecimalString } from '../decimal.js';
import type { LedgerEvent, PriceMark } from './types.js';

interface Series {
  at: number[];
  price: Big[];
}

export interface PriceLookup {
  price: Big;
  /** No observation at or before t (the first later one was used, or zero when there is none). */
  missing: boolean;
}

const ONE = new Big(1);
const ZERO = new Big(0);

/** Index of the last element <= t (inclusive) or < t, or -1. */
export function lastIndex(at: readonly number[], t: number, inclusive: boolean): number {
  let lo = 0;
  let hi = at.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = at[mid] as number;
    if (v < t || (inclusive && v === t)) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export class PriceBook {
  private readonly series = new Map<string, Series>();
  minAt = Number.POSITIVE_INFINITY;
  maxAt = Number.NEGATIVE_INFINITY;

  constructor(events: readonly LedgerEvent[], marks: readonly PriceMark[]) {
    const obs: { c: string; at: number; p: string; n: number }[] = [];
    let n = 0;
    for (const m of marks) {
      if (isDecimalString(m.priceKrw))
        obs.push({ c: m.currency.toLowerCase(), at: m.at, p: m.priceKrw, n: n++ });
    }
    for (const e of events) {
      if (e.kind !== 'trade') continue;
      const [base, quote] = e.symbol.toLowerCase().split('_');
      if (base && quote === 'krw') obs.push({ c: base, at: e.at, p: e.price, n: n++ });
    }
    obs.sort((a, b) => a.at - b.at || a.n - b.n);
    for (const o of obs) {
      let s = this.series.get(o.c);
      if (!s) {
        s = { at: [], price: [] };
        this.series.set(o.c, s);
      }
      s.at.push(o.at);
      s.price.push(new Big(o.p));
      if (o.at < this.minAt) this.minAt = o.at;
      if (o.at > this.maxAt) this.maxAt = o.at;
    }
  }

  /** Adds a later observation; false (nothing added) when it is earlier than the coin's last one. */
  add(currency: string, at: number, price: string): boolean {
    let s = this.series.get(currency);
    if (!s) {
      s = { at: [], price: [] };
      this.series.set(currency, s);
    }
    if (s.at.length && at < (s.at[s.at.length - 1] as number)) return false;
    s.at.push(at);
    s.price.push(new Big(price));
    if (at < this.minAt) this.minAt = at;
    if (at > this.maxAt) this.maxAt = at;
    return true;
  }

  first(currency: string): Big | null {
    if (currency === 'krw') return ONE;
    return this.series.get(currency)?.price[0] ?? null;
  }

  lastAt(currency: string): number {
    const s = this.series.get(currency);
    return s?.at.length ? (s.at[s.at.length - 1] as number) : Number.NEGATIVE_INFINITY;
  }

  at(currency: string, t: number, inclusive: boolean): PriceLookup {
    if (currency === 'krw') return { price: ONE, missing: false };
    const s = this.series.get(currency);
    if (!s || s.at.length === 0) return { price: ZERO, missing: true };
    const i = lastIndex(s.at, t, inclusive);
    if (i < 0) return { price: s.price[0] as Big, missing: true };
    return { price: s.price[i] as Big, missing: false };
  }
}
