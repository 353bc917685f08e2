import { memo } from 'react';

export interface BookRowProps {
  side: 'ask' | 'bid';
  /** null: an empty slot (fixed height, so a thin book never shifts the layout). */
  price: string | null;
  qty: string;
  priceText: string;
  changeText: string;
  priceTone: string;
  qtyText: string;
  cumText: string;
  /** Exact total when cumText is shortened. */
  cumTitle?: string;
  /** cum / largest cum of both sides, 0..1 (depth bar). */
  depth: number;
  own: boolean;
  ownTitle?: string;
  onPrice: (price: string) => void;
  onQty: (qty: string) => void;
}

const ROW =
  'relative grid h-[20px] items-center gap-x-[6px] border-l-2 px-2 text-[12px] [contain:layout_paint_style] [grid-template-columns:var(--ob-cols)] hover:bg-panel2';
const CELL = 'num relative min-w-0 overflow-hidden whitespace-nowrap text-right';

/**
 * One ladder row. Props are primitives, so a row whose texts did not change is not rendered again; the
 * depth bar moves by transform (no layout). Fixed height; paint and layout contained to the row.
 */
export const BookRow = memo(function BookRow(p: BookRowProps) {
  if (p.price === null) return <div className="h-[20px]" aria-hidden />;
  const price = p.price;
  return (
    <div
      className={`${ROW} ${p.own ? 'border-warn bg-warn/5' : 'border-transparent'}`}
      title={p.own ? p.ownTitle : undefined}
      data-testid="ob-row"
      data-side={p.side}
      data-price={price}
      data-own={p.own ? 'true' : undefined}
    >
      <div
        className={`absolute inset-0 origin-right ${p.side === 'ask' ? 'bg-down/15' : 'bg-up/15'}`}
        style={{ transform: `scaleX(${p.depth})` }}
      />
      <button
        type="button"
        className={`num relative min-w-0 whitespace-nowrap text-left font-medium ${p.priceTone} hover:underline`}
        onClick={() => p.onPrice(price)}
        data-testid="book-price"
      >
        {p.own && (
          <span className="absolute -left-2 text-[8px] text-warn" aria-hidden>
            ◆
          </span>
        )}
        {p.priceText}
      </button>
      <span className={`${CELL} text-[11px] ${p.priceTone} opacity-80`}>{p.changeText}</span>
      <button
        type="button"
        className={`${CELL} hover:underline`}
        onClick={() => p.onQty(p.qty)}
        data-testid="book-qty"
      >
        {p.qtyText}
      </button>
      <span className={`${CELL} text-dim`} title={p.cumTitle}>
        {p.cumText}
      </span>
    </div>
  );
});
