import { useEffect, useMemo, useRef, useState } from 'react';
import { decimalPlaces, div, isNegative, isPositive, mul, sub } from '../../../../core/decimal.js';
import { priceDecimals } from '../../../../core/tick.js';
import { Spinner } from '../../../components/Spinner.js';
import { formatNumber, formatPercent } from '../../../lib/format.js';
import { useT } from '../../../lib/i18n.js';
import type { TickSizePolicy } from '../../../lib/types.js';
import { usePrefs } from '../../../store/prefs.js';
import { fillPrice, fillQty } from '../entry/orderFormStore.js';
import { useTicker } from '../market/useMarket.js';
import { BookRow } from './BookRow.js';
import { canon, ownOrderMarks } from './bookMath.js';
import { columnDp } from './columnDp.js';
import { useBook } from './useBook.js';

const ROW_H = 20;

function useRowsPerSide(ref: React.RefObject<HTMLDivElement | null>) {
  const [n, setN] = useState(12);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setN(Math.max(3, Math.floor(el.clientHeight / 2 / ROW_H))));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return n;
}

/** One vertical ladder: asks above (highest at the top), last price in the middle, bids below. */
export function OrderBook(props: {
  symbol: string;
  policy: TickSizePolicy | null | undefined;
  ownOrders: readonly { side: 'buy' | 'sell'; price?: string | null }[];
}) {
  const t = useT();
  const level = usePrefs((s) => s.bookLevel);
  const set = usePrefs((s) => s.set);
  const levels = props.policy?.orderbookLevels ?? [];
  const activeLevel = level && levels.includes(level) ? level : null;
  const book = useBook(props.symbol, activeLevel);
  const ticker = useTicker(props.symbol);
  const bodyRef = useRef<HTMLDivElement>(null);
  const perSide = useRowsPerSide(bodyRef);
  const marks = useMemo(() => ownOrderMarks(props.ownOrders, activeLevel), [props.ownOrders, activeLevel]);

  const ranges = props.policy?.tickSizePolicy ?? [];
  const dpFor = (price: string) =>
    activeLevel ? decimalPlaces(activeLevel) : ranges.length ? priceDecimals(ranges, price) : undefined;
  const fmtPrice = (price: string) => {
    const dp = dpFor(price);
    return dp === undefined ? formatNumber(price) : formatNumber(price, { dp, minDp: dp });
  };
  const prevClose = ticker?.prevClose;
  const change = (price: string) =>
    prevClose && isPositive(prevClose)
      ? div(mul(sub(price, prevClose), '100'), prevClose, 2, 'halfUp')
      : null;
  const tone = (price: string) => {
    const c = change(price);
    return !c ? 'text-fg' : isPositive(c) ? 'text-up' : isNegative(c) ? 'text-down' : 'text-fg';
  };
  // Column widths at the narrowest book (~11 characters for quantity, ~9 for the running total).
  const shown = [...book.ladder.asks.slice(0, perSide), ...book.ladder.bids.slice(0, perSide)];
  const qtyDp = columnDp(
    shown.map((r) => r.qty),
    11,
    4,
  );
  const cumDp = columnDp(
    shown.map((r) => r.cum),
    9,
    3,
  );
  const rowProps = (row: (typeof book.ladder.asks)[number] | undefined, side: 'ask' | 'bid') => {
    if (!row) return { row: null };
    const c = change(row.price);
    return {
      row,
      priceText: fmtPrice(row.price),
      changeText: c ? formatPercent(c) : '',
      priceTone: tone(row.price),
      qtyText: formatNumber(row.qty, { dp: qtyDp, minDp: qtyDp }),
      cumText: formatNumber(row.cum, { dp: cumDp, minDp: cumDp }),
      own: (side === 'ask' ? marks.asks : marks.bids).has(canon(row.price)),
      ownTitle: t('book.mine'),
    };
  };

  const asks = Array.from({ length: perSide }, (_, i) => book.ladder.asks[perSide - 1 - i]);
  const bids = Array.from({ length: perSide }, (_, i) => book.ladder.bids[i]);
  const last = ticker?.close;
  const spreadPct =
    book.ladder.spread && book.ladder.mid && isPositive(book.ladder.mid)
      ? div(mul(book.ladder.spread, '100'), book.ladder.mid, 3, 'halfUp')
      : null;

  return (
    <div className="flex h-full flex-col" data-testid="orderbook" data-status={book.status}>
      <div className="flex h-8 shrink-0 items-center justify-between border-b border-line px-2">
        <span className="text-[12px] font-semibold">{t('book.title')}</span>
        <label className="flex items-center gap-1 text-[11px] text-dim">
          {t('book.grouping')}
          <select
            data-testid="book-grouping"
            value={activeLevel ?? ''}
            onChange={(e) => set({ bookLevel: e.target.value || null })}
            className="h-6 rounded border border-line bg-panel2 px-1 text-[11px] text-fg"
          >
            <option value="">{t('book.noGrouping')}</option>
            {levels.map((l) => (
              <option key={l} value={l}>
                {formatNumber(l)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="grid h-6 shrink-0 grid-cols-[1fr_56px_1fr_0.8fr] items-center px-2 text-[11px] text-dim">
        <span>{t('book.price')}</span>
        <span className="text-right">%</span>
        <span className="text-right">{t('book.qty')}</span>
        <span className="text-right">{t('book.cum')}</span>
      </div>
      <div ref={bodyRef} className="relative flex min-h-0 flex-1 flex-col overflow-hidden">
        <div className="flex flex-1 flex-col justify-end overflow-hidden" data-testid="book-asks">
          {asks.map((row, i) => (
            <BookRow
              key={`a${i}`}
              side="ask"
              onPrice={fillPrice}
              onQty={fillQty}
              {...emptyDefaults}
              {...rowProps(row, 'ask')}
            />
          ))}
        </div>
        <div
          className="flex h-9 shrink-0 items-center justify-between border-y border-line bg-panel2 px-2"
          data-testid="book-mid"
        >
          <button
            type="button"
            className={`num text-[15px] font-bold ${last ? tone(last) : ''}`}
            onClick={() => last && fillPrice(last)}
          >
            {last ? fmtPrice(last) : '-'}
          </button>
          <div
            className="num flex flex-col items-end text-[10px] leading-tight text-dim"
            data-testid="book-spread"
          >
            <span>
              {t('book.spread')} {book.ladder.spread ? fmtPrice(book.ladder.spread) : '-'}
              {spreadPct ? ` (${spreadPct}%)` : ''}
            </span>
            <span>
              {t('book.mid')} {book.ladder.mid ? fmtPrice(book.ladder.mid) : '-'}
            </span>
          </div>
        </div>
        <div className="flex flex-1 flex-col overflow-hidden" data-testid="book-bids">
          {bids.map((row, i) => (
            <BookRow
              key={`b${i}`}
              side="bid"
              onPrice={fillPrice}
              onQty={fillQty}
              {...emptyDefaults}
              {...rowProps(row, 'bid')}
            />
          ))}
        </div>
        {book.status !== 'live' && (
          <div
            className="absolute inset-0 flex items-center justify-center bg-panel/70"
            data-testid="book-overlay"
          >
            <Spinner label={book.status === 'stale' ? t('book.resync') : t('common.loading')} />
          </div>
        )}
      </div>
    </div>
  );
}

const emptyDefaults = { priceText: '', changeText: '', priceTone: '', qtyText: '', cumText: '', own: false };
