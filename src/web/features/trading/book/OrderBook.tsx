import { memo, useEffect, useMemo, useRef } from 'react';
import { Spinner } from '../../../components/Spinner.js';
import { formatNumber } from '../../../lib/format.js';
import { useT } from '../../../lib/i18n.js';
import { MarketMark } from '../../../lib/live/marks.js';
import { dimClass } from '../../../lib/live/StaleMark.js';
import { useStreamFreshness } from '../../../lib/live/useFreshness.js';
import { canon, ownOrderMarks } from '../../../lib/market/bookMath.js';
import { useTicker } from '../../../lib/market/useMarket.js';
import { fillPrice, fillQty } from '../../../lib/orders/orderFormStore.js';
import type { TickSizePolicy } from '../../../lib/types.js';
import { publicStream } from '../../../lib/ws.js';
import { usePrefs } from '../../../store/prefs.js';
import { installBookKeys } from '../keys/bookKeys.js';
import { BookRow } from './BookRow.js';
import type { BookStatus } from './bookStore.js';
import { useBook } from './useBook.js';
import { useBodySize, useLadderView } from './useLadderView.js';

/**
 * One vertical ladder: asks above (highest at the top), last price in the middle, bids below. Frames reach
 * it at most once per animation frame (bookStore); rows are memoised on primitive texts and contained, so a
 * frame repaints only the rows whose figures changed. Hooks for outside measurement and other features:
 * `orderbook` (data-status; data-symbol, data-level and data-ts, the book timestamp of the frame shown, read by
 * bench/browserProbe.ts to tell which commit shows a frame), one `ob-row` per shown level (data-side, data-price), `book-asks`/`book-bids`.
 */
export function OrderBook(props: {
  symbol: string;
  policy: TickSizePolicy | null | undefined;
  ownOrders: readonly { side: 'buy' | 'sell'; price?: string | null }[];
}) {
  const t = useT();
  // The ladder's keys (arrows between rows, one Tab out to the ticket) come with the book, not with the
  // ticket's lazily loaded chunk: a key pressed on the ladder before the ticket arrives must still work.
  useEffect(installBookKeys, []);
  const level = usePrefs((s) => s.bookLevel);
  const levels = props.policy?.orderbookLevels ?? [];
  const activeLevel = level && levels.includes(level) ? level : null;
  const book = useBook(props.symbol, activeLevel);
  const ticker = useTicker(props.symbol);
  const fresh = useStreamFreshness(publicStream); // issue 11: dimmed while the market stream is down
  const bodyRef = useRef<HTMLDivElement>(null);
  const size = useBodySize(bodyRef);
  const marks = useMemo(() => ownOrderMarks(props.ownOrders, activeLevel), [props.ownOrders, activeLevel]);
  const v = useLadderView({
    symbol: props.symbol,
    ladder: book.ladder,
    level: activeLevel,
    policy: props.policy,
    prevClose: ticker?.prevClose,
    last: ticker?.close,
    marks,
    size,
    canon,
  });
  const mine = t('book.mine');
  const last = ticker?.close;

  return (
    <div
      className="flex h-full flex-col"
      style={{ '--ob-cols': v.template } as React.CSSProperties}
      data-testid="orderbook"
      data-status={book.status}
      data-symbol={props.symbol}
      data-level={activeLevel ?? undefined}
      data-ts={book.timestamp || undefined}
    >
      <BookTitle levels={levels} activeLevel={activeLevel} status={book.status} />
      <div className="grid h-6 shrink-0 gap-x-[6px] border-l-2 border-transparent px-2 text-[11px] text-dim [grid-template-columns:var(--ob-cols)] items-center">
        <span>{t('book.price')}</span>
        <span className="text-right">%</span>
        <span className="text-right">{t('book.qty')}</span>
        <span className="text-right">{t('book.cum')}</span>
      </div>
      <div
        ref={bodyRef}
        className={`relative flex min-h-0 flex-1 flex-col overflow-hidden [contain:strict] will-change-transform ${dimClass(fresh)}`}
      >
        <div className="flex flex-1 flex-col justify-end overflow-hidden" data-testid="book-asks">
          {v.askRows.map((row, i) => (
            <BookRow key={`a${i}`} {...row} ownTitle={mine} onPrice={fillPrice} onQty={fillQty} />
          ))}
        </div>
        <div
          className="flex h-9 shrink-0 items-center justify-between border-y border-line bg-panel2 px-2"
          data-testid="book-mid"
        >
          <button
            type="button"
            className={`num text-[15px] font-bold ${v.lastTone}`}
            onClick={() => last && fillPrice(last)}
          >
            {v.lastText}
          </button>
          <div
            className="num flex flex-col items-end text-[10px] leading-tight text-dim"
            data-testid="book-spread"
          >
            <span>
              {t('book.spread')} {v.spreadText}
              {v.spreadPct ? ` (${v.spreadPct}%)` : ''}
            </span>
            <span>
              {t('book.mid')} {v.midText}
            </span>
          </div>
        </div>
        <div className="flex flex-1 flex-col overflow-hidden" data-testid="book-bids">
          {v.bidRows.map((row, i) => (
            <BookRow key={`b${i}`} {...row} ownTitle={mine} onPrice={fillPrice} onQty={fillQty} />
          ))}
        </div>
      </div>
    </div>
  );
}

/** Title bar: name, status note (never over the ladder), grouping. Re-renders only when those change. */
const BookTitle = memo(function BookTitle(p: {
  levels: readonly string[];
  activeLevel: string | null;
  status: BookStatus;
}) {
  const t = useT();
  const set = usePrefs((s) => s.set);
  const note = p.status === 'stale' ? 'stale' : p.status === 'waiting' ? 'waiting' : null;
  return (
    <div className="flex h-8 shrink-0 items-center justify-between gap-2 border-b border-line px-2">
      <span className="shrink-0 text-[12px] font-semibold whitespace-nowrap">{t('book.title')}</span>
      <span className="min-w-0 overflow-hidden">
        <MarketMark testId="book-fresh" />
      </span>
      {note && (
        <span
          className="min-w-0 flex-1 truncate"
          title={note === 'stale' ? t('book.resync') : t('common.loading')}
          data-testid="book-note"
          data-note={note}
        >
          <Spinner label={t(`book.note.${note}`)} className="justify-start" />
        </span>
      )}
      <label className="ml-auto flex shrink-0 items-center gap-1 text-[11px] whitespace-nowrap text-dim">
        {t('book.grouping')}
        <select
          data-testid="book-grouping"
          value={p.activeLevel ?? ''}
          onChange={(e) => set({ bookLevel: e.target.value || null })}
          className="h-6 rounded border border-line bg-panel2 px-1 text-[11px] text-fg"
        >
          <option value="">{t('book.noGrouping')}</option>
          {p.levels.map((l) => (
            <option key={l} value={l}>
              {formatNumber(l)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
});
