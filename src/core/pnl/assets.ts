// The per-asset rows of a period: each coin's tracks in the scope added up.
import Big from 'big.js';
import { toPlain } from '../decimal.js';
import { divRound, type TrackState } from './replay.js';
import type { AccountRef, AssetPnl, PnlQuery } from './types.js';

export interface TrackPair {
  currency: string;
  profileId: string;
  accountSeq: number;
  /** States before `from` and before `to`, and the prices used there. */
  s0: TrackState;
  s1: TrackState;
  p0: Big;
  p1: Big;
}

const ZERO = new Big(0);
/** Our average and the exchange's differ when apart by more than this share of the exchange's. */
export const AVG_TOLERANCE = '0.001';

interface Acc {
  position: Big;
  cost: Big;
  value0: Big;
  value1: Big;
  realized: Big;
  fees: Big;
  carried: Big;
  u0: Big;
  added: Big;
  costUnknown: boolean;
  avgDiffers: boolean;
  active: boolean;
}

const pct = (a: Big, base: Big): string | null =>
  base.gt(0) ? toPlain(divRound(a.times(100), base, 2)) : null;

export function perAsset(
  pairs: readonly TrackPair[],
  endEquity: Big,
  q: PnlQuery,
  single: AccountRef | undefined,
): AssetPnl[] {
  const by = new Map<string, Acc>();
  const exchange = new Map<string, Big>();
  for (const x of q.exchangeAvgPrices ?? []) {
    exchange.set(`${x.profileId}\u0000${x.accountSeq}\u0000${x.currency.toLowerCase()}`, new Big(x.avgPrice));
  }
  for (const p of pairs) {
    let a = by.get(p.currency);
    if (!a) {
      a = {
        position: ZERO,
        cost: ZERO,
        value0: ZERO,
        value1: ZERO,
        realized: ZERO,
        fees: ZERO,
        carried: ZERO,
        u0: ZERO,
        added: ZERO,
        costUnknown: false,
        avgDiffers: false,
        active: false,
      };
      by.set(p.currency, a);
    }
    const { s0, s1 } = p;
    a.position = a.position.plus(s1.pos);
    a.cost = a.cost.plus(s1.cost);
    a.value0 = a.value0.plus(s0.pos.times(p.p0));
    a.value1 = a.value1.plus(s1.pos.times(p.p1));
    a.u0 = a.u0.plus(s0.pos.times(p.p0).minus(s0.cost));
    a.realized = a.realized.plus(s1.realized.minus(s0.realized));
    a.fees = a.fees.plus(s1.fees.minus(s0.fees));
    a.carried = a.carried.plus(s1.carried.minus(s0.carried));
    a.added = a.added.plus(s1.added.minus(s0.added));
    if (s1.costUnknown || s1.unknownSells !== s0.unknownSells) a.costUnknown = true;
    if (s0.n !== s1.n || !s0.pos.eq(0)) a.active = true;
    const ex = exchange.get(`${p.profileId}\u0000${p.accountSeq}\u0000${p.currency}`);
    if (ex && s1.pos.gt(0) && ex.gt(0)) {
      const ours = divRound(s1.cost, s1.pos, 8);
      if (ours.minus(ex).abs().gt(ex.times(AVG_TOLERANCE))) a.avgDiffers = true;
    }
  }
  const out: AssetPnl[] = [];
  for (const [currency, a] of by) {
    if (!a.active) continue;
    const unrealized = a.value1.minus(a.cost);
    const uChange = unrealized.minus(a.u0).minus(a.carried);
    const pnl = a.realized.plus(uChange).minus(a.fees);
    const row: AssetPnl = {
      currency,
      position: toPlain(a.position),
      avgCostKrw: a.position.gt(0) ? toPlain(divRound(a.cost, a.position, 8)) : null,
      realizedKrw: toPlain(a.realized),
      unrealizedKrw: toPlain(unrealized),
      unrealizedChangeKrw: toPlain(uChange),
      feesKrw: toPlain(a.fees),
      pnlKrw: toPlain(pnl),
      returnPct: pct(pnl, a.value0.plus(a.added)),
      valueKrw: toPlain(a.value1),
      shareOfPortfolio: pct(a.value1, endEquity),
    };
    if (single) {
      const ex = exchange.get(`${single.profileId}\u0000${single.accountSeq}\u0000${currency}`);
      if (ex) row.exchangeAvgPrice = toPlain(ex);
    }
    if (exchange.size) row.avgDiffers = a.avgDiffers;
    if (a.costUnknown) row.costUnknown = true;
    out.push(row);
  }
  return out.sort((x, y) => new Big(y.valueKrw).cmp(x.valueKrw) || x.currency.localeCompare(y.currency));
}
