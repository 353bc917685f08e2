import { eq } from '../../../../../core/decimal.js';
import { snapToTick, stepPrice, type TickRange } from '../../../../../core/tick.js';
import { Field } from '../../../../components/Field.js';
import { formatNumber } from '../../../../lib/format.js';
import { useT } from '../../../../lib/i18n.js';
import { isCompleteDecimal } from '../../../../lib/input/decimalInput.js';
import { useGroupedInput } from '../../../../lib/input/useGroupedInput.js';
import { useOrderForm } from '../../../../lib/orders/orderFormStore.js';

/** Snap the form's price to the tick: buy rounds down, sell rounds up; records the change for feedback. */
export function snapFormPrice(ranges: readonly TickRange[]) {
  const { price, side, set } = useOrderForm.getState();
  if (!ranges.length || !isCompleteDecimal(price)) return;
  const snapped = snapToTick(ranges, price, side === 'buy' ? 'down' : 'up');
  if (!eq(snapped, price)) set({ price: snapped, snapNote: { from: price, to: snapped } });
}

export function PriceField(props: { ranges: readonly TickRange[]; quote: string }) {
  const t = useT();
  const price = useOrderForm((s) => s.price);
  const note = useOrderForm((s) => s.snapNote);
  const side = useOrderForm((s) => s.side);
  const set = useOrderForm((s) => s.set);
  const input = useGroupedInput(price, (v) => set({ price: v, snapNote: null }), 12);
  const step = (dir: 1 | -1) => {
    if (!props.ranges.length) return;
    const base = isCompleteDecimal(price) ? snapToTick(props.ranges, price, dir === 1 ? 'down' : 'up') : null;
    if (base) set({ price: base === price ? stepPrice(props.ranges, price, dir) : base, snapNote: null });
  };
  return (
    <div className="flex items-start gap-1">
      <Field
        className="min-w-0 flex-1"
        label={t('entry.price')}
        suffix={props.quote}
        inputMode="decimal"
        data-testid="price-input"
        {...input}
        onBlur={() => snapFormPrice(props.ranges)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowUp') {
            e.preventDefault();
            step(1);
          } else if (e.key === 'ArrowDown') {
            e.preventDefault();
            step(-1);
          } else if (e.key === 'Enter') snapFormPrice(props.ranges);
        }}
        hint={
          note ? (
            <span data-testid="snap-note">
              {t(side === 'buy' ? 'entry.snappedDown' : 'entry.snappedUp', {
                from: formatNumber(note.from),
                to: formatNumber(note.to),
              })}
            </span>
          ) : undefined
        }
      />
      <div className="flex flex-col">
        <button
          type="button"
          tabIndex={-1}
          className="h-[18px] w-6 rounded-t border border-line bg-panel2 text-[9px] text-dim hover:text-fg"
          onClick={() => step(1)}
          aria-label="+tick"
        >
          ▲
        </button>
        <button
          type="button"
          tabIndex={-1}
          className="h-[18px] w-6 rounded-b border border-t-0 border-line bg-panel2 text-[9px] text-dim hover:text-fg"
          onClick={() => step(-1)}
          aria-label="-tick"
        >
          ▼
        </button>
      </div>
    </div>
  );
}
