import { snapToTick } from '../../../../../core/tick.js';
import { useOrderForm } from '../../../../lib/orders/orderFormStore.js';
import { percentSize } from '../orderMath.js';
import type { EntryContext } from '../useEntryContext.js';

const PCTS = [25, 50, 75, 100];

/** 25/50/75/100 % of the available balance, leaving room for the fee and using a tick-valid price. */
export function PercentButtons({ ctx }: { ctx: EntryContext }) {
  const form = useOrderForm();
  const apply = (pct: number) => {
    const buy = form.side === 'buy';
    let price: string | null = null;
    if (buy && form.orderType === 'limit') {
      const raw = form.price || ctx.bestAsk || ctx.last || '';
      price = raw && ctx.ranges.length ? snapToTick(ctx.ranges, raw, 'down') : raw || null;
      if (price && price !== form.price) form.set({ price });
    }
    const r = percentSize({
      side: form.side,
      orderType: form.orderType,
      pct,
      available: (buy ? ctx.availableQuote : ctx.availableBase) ?? '0',
      price,
      feeRate: ctx.feeRate,
      feeFromSpent: buy
        ? ctx.buyFeeCurrency.toLowerCase() === ctx.quote.toLowerCase()
        : ctx.sellFeeCurrency.toLowerCase() === ctx.base.toLowerCase(),
      quoteDp: ctx.quoteDp,
    });
    if (!r) return;
    if (r.qty) form.set({ qty: r.qty });
    if (r.amt) form.set({ amt: r.amt });
  };
  return (
    <div className="grid grid-cols-4 gap-1">
      {PCTS.map((p) => (
        <button
          key={p}
          type="button"
          data-testid={`pct-${p}`}
          onClick={() => apply(p)}
          className="h-6 rounded border border-line text-[11px] text-dim hover:border-dim hover:text-fg"
        >
          {p}%
        </button>
      ))}
    </div>
  );
}
