// Tax-year figures: gains per coin by moving average and by first-in-first-out, with fees as
// expenses (a buy's fee joins the cost, a sell's fee lowers the proceeds, coin fees are disposals).
// The accounts of the scope form one pool per coin: transfers between them move nothing.
// Korea's virtual-asset income tax (소득세법): from 2027, 22 % (incl. local tax) of the yearly gain
// above 2,500,000 KRW. An ESTIMATE, not advice: see docs/investment-results.md for the source.
import Big from 'big.js';
import { toPlain } from '../decimal.js';
import { KST_OFFSET_MS } from '../desk/dayPnl.js';
import type { PnlIndex } from './pnlIndex.js';
import { scopeEntries } from './query.js';
import { accountKey, costShare } from './replay.js';
import type { PnlQuery, TaxAssetGain, TaxReport, UncertainReason } from './types.js';

export const TAX_START_YEAR = 2027;
export const BASIC_DEDUCTION_KRW = '2500000';
export const TAX_RATE = '0.22';

/** One disposal (sell, coin fee, nothing else) with both methods' cost. */
export interface RealizedRow {
  eventId: string;
  profileId: string;
  accountSeq: number;
  at: number;
  year: number;
  currency: string;
  qty: string;
  proceedsKrw: string;
  costAvgKrw: string;
  gainAvgKrw: string;
  costFifoKrw: string;
  gainFifoKrw: string;
  costUnknown: boolean;
}

interface Lot {
  qty: Big;
  cost: Big;
  unknown: boolean;
}

interface Pool {
  qty: Big;
  cost: Big;
  unknown: boolean;
  lots: Lot[];
  head: number;
}

const ZERO = new Big(0);
export const kstYear = (t: number) => new Date(t + KST_OFFSET_MS).getUTCFullYear();

function addUnits(p: Pool, qty: Big, cost: Big, unknown: boolean): void {
  if (qty.lte(0)) return;
  p.qty = p.qty.plus(qty);
  p.cost = p.cost.plus(cost);
  if (unknown) p.unknown = true;
  p.lots.push({ qty, cost, unknown });
}

/** Takes qty out of both books; returns (avg cost, fifo cost, any unknown). */
function takeUnits(p: Pool, qty: Big): { avg: Big; fifo: Big; unknown: boolean } {
  let unknown = p.unknown;
  const avg = qty.gte(p.qty) ? p.cost : costShare(p.cost, qty, p.qty);
  p.qty = p.qty.minus(qty);
  p.cost = p.cost.minus(avg);
  if (p.qty.lte(0)) {
    p.qty = ZERO;
    p.cost = ZERO;
    p.unknown = false;
  }
  let fifo = ZERO;
  let left = qty;
  while (left.gt(0) && p.head < p.lots.length) {
    const lot = p.lots[p.head] as Lot;
    if (lot.unknown) unknown = true;
    if (lot.qty.lte(left)) {
      fifo = fifo.plus(lot.cost);
      left = left.minus(lot.qty);
      p.head++;
    } else {
      const part = costShare(lot.cost, left, lot.qty);
      fifo = fifo.plus(part);
      lot.qty = lot.qty.minus(left);
      lot.cost = lot.cost.minus(part);
      left = ZERO;
    }
  }
  return { avg, fifo, unknown };
}

/** Every disposal in the scope, all years, in time order. */
export function realizedRows(index: PnlIndex, scope: PnlQuery['scope'] = 'all'): RealizedRow[] {
  const overrides = index.overrides;
  const entries = scopeEntries(index, scope);
  const inScope = new Set(entries.map((a) => accountKey(a.ref.profileId, a.ref.accountSeq)));
  const pools = new Map<string, Pool>();
  const pool = (c: string) => {
    let p = pools.get(c);
    if (!p) {
      p = { qty: ZERO, cost: ZERO, unknown: false, lots: [], head: 0 };
      pools.set(c, p);
    }
    return p;
  };
  for (const a of entries) {
    for (const t of a.tracks) {
      if (t.currency !== 'krw' && t.openingQty.gt(0))
        addUnits(pool(t.currency), t.openingQty, t.opening.cost, !t.openingCostKnown);
    }
  }
  const rows: RealizedRow[] = [];
  const dispose = (
    e: { id: string; profileId: string; accountSeq: number; at: number },
    c: string,
    qty: Big,
    proceeds: Big,
  ) => {
    if (qty.lte(0)) return;
    const got = takeUnits(pool(c), qty);
    rows.push({
      eventId: e.id,
      profileId: e.profileId,
      accountSeq: e.accountSeq,
      at: e.at,
      year: kstYear(e.at),
      currency: c,
      qty: toPlain(qty),
      proceedsKrw: toPlain(proceeds),
      costAvgKrw: toPlain(got.avg),
      gainAvgKrw: toPlain(proceeds.minus(got.avg)),
      costFifoKrw: toPlain(got.fifo),
      gainFifoKrw: toPlain(proceeds.minus(got.fifo)),
      costUnknown: got.unknown,
    });
  };
  const here = (p: string, seq: number) => inScope.has(accountKey(p, seq));
  for (const e of index.events) {
    if (e.kind === 'trade') {
      if (!here(e.profileId, e.accountSeq)) continue;
      const c = e.symbol.toLowerCase().split('_')[0] as string;
      const q = new Big(e.qty);
      const value = q.times(e.price);
      const coinFee = e.feeCurrency.toLowerCase() !== 'krw';
      const fee = new Big(e.fee);
      if (e.side === 'buy') {
        if (coinFee) addUnits(pool(c), q.minus(fee), value, false);
        else addUnits(pool(c), q, value.plus(fee), false);
      } else if (coinFee) dispose(e, c, q.plus(fee), value);
      else dispose(e, c, q, value.minus(fee));
      continue;
    }
    const c = e.currency.toLowerCase();
    if (c === 'krw') continue;
    const a = new Big(e.amount);
    const mark = index.prices.at(c, e.at, true).price;
    const incoming = e.kind === 'deposit' || (e.kind === 'transfer' && here(e.profileId, e.toAccountSeq));
    const outgoing =
      e.kind === 'withdrawal' || (e.kind === 'transfer' && here(e.profileId, e.fromAccountSeq));
    if (incoming && outgoing) continue;
    if (e.kind === 'deposit' && here(e.profileId, e.accountSeq)) {
      const ov = overrides.get(`${e.profileId}\u0000${e.id}`);
      addUnits(pool(c), a.minus(e.fee ?? '0'), ov ?? a.times(mark), ov === undefined);
    } else if (e.kind === 'withdrawal' && here(e.profileId, e.accountSeq)) {
      takeUnits(pool(c), a.plus(e.fee ?? '0'));
    } else if (e.kind === 'transfer' && incoming) {
      addUnits(pool(c), a, a.times(mark), true);
    } else if (e.kind === 'transfer' && outgoing) {
      takeUnits(pool(c), a);
    }
  }
  return rows;
}

export function taxReport(rows: readonly RealizedRow[], year: number): TaxReport {
  const by = new Map<string, { avg: Big; fifo: Big; proceeds: Big; unknown: boolean }>();
  for (const r of rows) {
    if (r.year !== year) continue;
    const a = by.get(r.currency) ?? { avg: ZERO, fifo: ZERO, proceeds: ZERO, unknown: false };
    a.avg = a.avg.plus(r.gainAvgKrw);
    a.fifo = a.fifo.plus(r.gainFifoKrw);
    a.proceeds = a.proceeds.plus(r.proceedsKrw);
    a.unknown ||= r.costUnknown;
    by.set(r.currency, a);
  }
  const perAsset: TaxAssetGain[] = [...by]
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([currency, a]) => {
      const g: TaxAssetGain = {
        currency,
        gainAvgKrw: toPlain(a.avg),
        gainFifoKrw: toPlain(a.fifo),
        proceedsKrw: toPlain(a.proceeds),
      };
      if (a.unknown) g.costUnknown = true;
      return g;
    });
  const totalAvg = perAsset.reduce((s, x) => s.plus(x.gainAvgKrw), ZERO);
  const totalFifo = perAsset.reduce((s, x) => s.plus(x.gainFifoKrw), ZERO);
  const taxable = totalAvg.minus(BASIC_DEDUCTION_KRW);
  const taxableKrw = taxable.gt(0) ? taxable.round(0, Big.roundDown) : ZERO;
  const uncertain: UncertainReason[] = perAsset.some((x) => x.costUnknown) ? ['costUnknown'] : [];
  return {
    year,
    perAsset,
    totalAvgKrw: toPlain(totalAvg),
    totalFifoKrw: toPlain(totalFifo),
    deductionKrw: BASIC_DEDUCTION_KRW,
    taxableKrw: toPlain(taxableKrw),
    rate: TAX_RATE,
    estimatedTaxKrw: toPlain(taxableKrw.times(TAX_RATE).round(0, Big.roundDown)),
    method: 'movingAverage',
    beforeTaxStart: year < TAX_START_YEAR,
    estimateOnly: true,
    uncertain,
  };
}
