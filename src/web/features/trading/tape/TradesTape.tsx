import { priceDecimals } from '../../../../core/tick.js';
import { tradeKey } from '../../../../core/tradeTape.js';
import { Spinner } from '../../../components/Spinner.js';
import { formatNumber, useTimeFormat } from '../../../lib/format.js';
import { useT } from '../../../lib/i18n.js';
import { dimClass, StaleMark } from '../../../lib/live/StaleMark.js';
import { useStreamFreshness } from '../../../lib/live/useFreshness.js';
import { fillPrice } from '../../../lib/orders/orderFormStore.js';
import type { TickSizePolicy } from '../../../lib/types.js';
import { publicStream } from '../../../lib/ws.js';
import { columnDp } from '../book/columnDp.js';
import { useTape } from './useTape.js';

/** Characters the quantity column fits at its narrowest (book column width). */
const TAPE_QTY_CHARS = 12;

/** Market trades, newest first, colored by the taker's side (buyer taker = up color). */
export function TradesTape(props: { policy: TickSizePolicy | null | undefined }) {
  const t = useT();
  const tf = useTimeFormat();
  const tape = useTape();
  const fresh = useStreamFreshness(publicStream);
  const ranges = props.policy?.tickSizePolicy ?? [];
  // one number of decimals for the whole quantity column, so digits line up as trades stream in
  const qtyDp = columnDp(
    tape.trades.map((tr) => tr.qty),
    TAPE_QTY_CHARS,
    8,
  );
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
          const dp = ranges.length ? priceDecimals(ranges, tr.price) : undefined;
          return (
            <div
              key={tradeKey(tr)}
              data-testid="tape-row"
              data-trade-id={tr.tradeId}
              className="grid h-[18px] grid-cols-[64px_1fr_1fr] items-center px-2 text-[12px]"
            >
              <span className="num text-[11px] text-dim">{tf.time(tr.timestamp)}</span>
              <button
                type="button"
                onClick={() => fillPrice(tr.price)}
                className={`num text-right ${tr.isBuyerTaker ? 'text-up' : 'text-down'}`}
              >
                {formatNumber(tr.price, dp === undefined ? {} : { dp, minDp: dp })}
              </button>
              <span className="num text-right">{formatNumber(tr.qty, { dp: qtyDp, minDp: qtyDp })}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
