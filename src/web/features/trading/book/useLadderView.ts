// The ladder as display rows: per-price texts from a cache, quantity and total as fixed-decimal strings
// fitted to their measured columns. Runs once per flushed frame; no big.js per row except for a price seen
// for the first time.
import { useEffect, useMemo, useRef, useState } from 'react';
import { decimalPlaces, div, isPositive, mul } from '../../../../core/decimal.js';
import { priceDecimals } from '../../../../core/tick.js';
import type { Ladder, LadderRow } from '../../../lib/market/bookMath.js';
import { fixedText, fracDigits } from '../../../lib/market/scaled.js';
import type { TickSizePolicy } from '../../../lib/types.js';
import type { BookRowProps } from './BookRow.js';
import { bookColumns, fitText } from './columns.js';
import { priceLabeler } from './priceLabels.js';

export const ROW_H = 20;

/** Rows per side that fit the body, and its width (ResizeObserver; no per-frame layout reads). */
export function useBodySize(ref: React.RefObject<HTMLDivElement | null>) {
  const [size, setSize] = useState({ perSide: 12, width: 320, charW: 7.2 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const probe = document.createElement('span');
    probe.className = 'num text-[12px]';
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
    probe.textContent = '0000000000';
    el.appendChild(probe);
    const charW = probe.getBoundingClientRect().width / 10 || 7.2;
    el.removeChild(probe);
    const ro = new ResizeObserver(() =>
      setSize({
        perSide: Math.max(3, Math.floor(el.clientHeight / 2 / ROW_H)),
        width: el.clientWidth,
        charW,
      }),
    );
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}

export type RowModel = Omit<BookRowProps, 'onPrice' | 'onQty' | 'ownTitle'>;

export function useLadderView(o: {
  symbol: string;
  ladder: Ladder;
  level: string | null;
  policy: TickSizePolicy | null | undefined;
  prevClose: string | null | undefined;
  last: string | null | undefined;
  marks: { bids: Set<string>; asks: Set<string> };
  size: { perSide: number; width: number; charW: number };
  canon: (d: string) => string;
}) {
  const ranges = o.policy?.tickSizePolicy;
  const dpFor = useMemo(() => {
    const fixed = o.level ? decimalPlaces(o.level) : undefined;
    return (price: string) =>
      fixed !== undefined ? fixed : ranges?.length ? priceDecimals(ranges, price) : undefined;
  }, [o.level, ranges]);
  const label = useMemo(() => priceLabeler(o.prevClose, dpFor), [o.prevClose, dpFor]);
  const fmtPrice = (p: string) => fixedText(p, dpFor(p) ?? fracDigits(p));

  const { perSide } = o.size;
  const asks = o.ladder.asks.slice(0, perSide);
  const bids = o.ladder.bids.slice(0, perSide);
  // The price column only grows within one market and grouping, so streaming never moves the columns.
  const widest = useRef({ key: '', chars: 0 });
  const key = `${o.symbol}|${o.level ?? ''}`;
  if (widest.current.key !== key) widest.current = { key, chars: 0 };
  let priceChars = widest.current.chars;
  for (const r of asks) priceChars = Math.max(priceChars, label(r.price).priceText.length);
  for (const r of bids) priceChars = Math.max(priceChars, label(r.price).priceText.length);
  widest.current.chars = priceChars;

  const shown = [...asks, ...bids];
  const cols = bookColumns({
    width: o.size.width,
    charW: o.size.charW,
    priceChars: Math.max(priceChars, 6),
    qtys: shown.map((r) => r.qty),
    cums: shown.map((r) => r.cum),
  });
  const model = (r: LadderRow | undefined, side: 'ask' | 'bid'): RowModel => {
    if (!r) return EMPTY[side];
    const l = label(r.price);
    const cumText = fitText(r.cum, cols.cumDp, cols.cumChars);
    return {
      side,
      price: r.price,
      qty: r.qty,
      priceText: l.priceText,
      changeText: l.changeText,
      priceTone: l.tone,
      qtyText: fitText(r.qty, cols.qtyDp, cols.qtyChars),
      cumText,
      cumTitle: cumText.length < r.cum.length && /[KMBT]$/.test(cumText) ? r.cum : undefined,
      depth: r.depth,
      own: (side === 'ask' ? o.marks.asks : o.marks.bids).has(o.canon(r.price)),
    };
  };
  const spread = o.ladder.spread;
  const mid = o.ladder.mid;
  const lastLabel = o.last ? label(o.last) : null;
  return {
    template: cols.template,
    // asks: highest at the top, best ask just above the middle
    askRows: Array.from({ length: perSide }, (_, i) => model(asks[perSide - 1 - i], 'ask')),
    bidRows: Array.from({ length: perSide }, (_, i) => model(bids[i], 'bid')),
    lastText: lastLabel?.priceText ?? '-',
    lastTone: lastLabel?.tone ?? '',
    spreadText: spread ? fmtPrice(spread) : '-',
    spreadPct: spread && mid && isPositive(mid) ? div(mul(spread, '100'), mid, 3, 'halfUp') : null,
    midText: mid ? fmtPrice(mid) : '-',
  };
}

const empty = (side: 'ask' | 'bid'): RowModel => ({
  side,
  price: null,
  qty: '',
  priceText: '',
  changeText: '',
  priceTone: '',
  qtyText: '',
  cumText: '',
  depth: 0,
  own: false,
});
const EMPTY = { ask: empty('ask'), bid: empty('bid') };
