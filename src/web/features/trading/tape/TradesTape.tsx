import { memo } from 'react';
import { priceDecimals } from '../../../../core/tick.js';
import { tradeKey } from '../../../../core/tradeTape.js';
import { Spinner } from '../../../components/Spinner.js';
import { formatNumber, useTimeFormat } from '../../../lib/format.js';
import { useT } from '../../../lib/i18n.js';
import { dimClass, StaleMark } from '../../../lib/live/StaleMark.js';
import { useStreamFreshness } from '../../../lib/live/useFreshness.js';
import { fillPrice } from '../../../lib/orders/orderFormStore.js';
import type { TickSizePolicy, Trade } from '../../../lib/types.js';
import { publicStream } from '../../../lib/ws.js';
import { columnDp } from '../book/columnDp.js';
import { useTape } from './useTape.js';

/** Characters the quantity column fits at its narrowest (book column width). */
const TAPE_QTY_CHARS = 12;

interface RowTexts {
  /** What the texts were made for: time zone, price ranges, quantity decimals. */
  made: string;
  time: string;
  price: string;
  qty: string;
}

// A trade's texts are made once for the look they were made for (trades are immutable and their objects
// kept from flush to flush), not again on every flush for all 80 rows (issue 20: formatting and the tick
// range look-up per row were most of the tape's script time under the flood).
const texts = new WeakMap<Trade, RowTexts>();

function rowTexts(
  tr: Trade,
  look: string,
  tf: ReturnType<typeof useTimeFormat>,
  ranges: TickSizePolicy['tickSizePolicy'],
  qtyDp: number,
): RowTexts {
  const had = texts.get(tr);
  if (had?.made === look) return had;
  const dp = ranges.length ? priceDecimals(ranges, tr.price) : undefined;
  const made: RowTexts = {
    made: look,
    time: tf.time(tr.timestamp),
    price: formatNumber(tr.price, dp === undefined ? {} : { dp, minDp: dp }),
    qty: formatNumber(tr.qty, { dp: qtyDp, minDp: qtyDp }),
  };
  texts.set(tr, made);
  return made;
}

/** Market trades, newest first, colored by the taker's side (buyer taker = up color). */
export function TradesTape(props: { policy: TickSizePolicy | null | undefined }) {
  const t = useT();
  const tf = useTimeFormat();
  const tape = useTape();
  const fresh = useStreamFreshness(publicStream);
  const ranges = props.policy?.tickSizePolicy ?? NO_RANGES;
  // one number of decimals for the whole quantity column, so digits line up as trades stream in
  const qtyDp = columnDp(
    tape.trades.map((tr) => tr.qty),
    TAPE_QTY_CHARS,
    8,
  );
  const look = `${tf.tz}|${qtyDp}|${rangesKey(ranges)}`;
  return (
    <div className="flex h-full flex-col" data-testid="trades-tape">
      <div className="flex h-8 shrink-0 items-center justify-between border-b border-line px-2 text-[12px] font-semibold">
        {t('tape.title')}
        <StaleMark f={fresh} testId="tape-fresh" />
      </div>
      <div className="grid h-6 shrink-0 grid-cols-[64px_1fr_1fr] items-center px-2 text-[11px] text-dim">
        <span>{t('common.time')}</span>
        <span className="text-right">{t('book.price')}</span>
        <span className="text-right">{t('book.qty')}</span>
      </div>
      <div className={`min-h-0 flex-1 overflow-y-auto overflow-x-hidden ${dimClass(fresh)}`}>
        {!tape.live && tape.trades.length === 0 && <Spinner />}
        {tape.trades.map((tr) => {
          const x = rowTexts(tr, look, tf, ranges, qtyDp);
          return (
            <TapeRow
              key={tradeKey(tr)}
              tradeId={tr.tradeId}
              price={tr.price}
              buy={tr.isBuyerTaker}
              time={x.time}
              priceText={x.price}
              qtyText={x.qty}
            />
          );
        })}
      </div>
    </div>
  );
}

const NO_RANGES: TickSizePolicy['tickSizePolicy'] = [];
const rangeKeys = new WeakMap<object, string>();
function rangesKey(ranges: TickSizePolicy['tickSizePolicy']): string {
  let k = rangeKeys.get(ranges);
  if (k === undefined) {
    k = JSON.stringify(ranges);
    rangeKeys.set(ranges, k);
  }
  return k;
}

/**
 * One trade. Props are primitives, so a flush renders only the new rows; rows below the visible part skip
 * layout and paint (content-visibility, at their fixed 18 px).
 */
const TapeRow = memo(function TapeRow(p: {
  tradeId: Trade['tradeId'];
  price: string;
  buy: boolean;
  time: string;
  priceText: string;
  qtyText: string;
}) {
  return (
    <div
      data-testid="tape-row"
      data-trade-id={p.tradeId}
      className="grid h-[18px] grid-cols-[64px_1fr_1fr] items-center px-2 text-[12px] [content-visibility:auto] [contain-intrinsic-size:auto_18px]"
    >
      <span className="num text-[11px] text-dim">{p.time}</span>
      <button
        type="button"
        onClick={() => fillPrice(p.price)}
        className={`num text-right ${p.buy ? 'text-up' : 'text-down'}`}
      >
        {p.priceText}
      </button>
      <span className="num text-right">{p.qtyText}</span>
    </div>
  );
});
