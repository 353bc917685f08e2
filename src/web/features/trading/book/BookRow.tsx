import { memo } from 'react';
import type { LadderRow } from './bookMath.js';

export interface BookRowProps {
  row: LadderRow | null;
  side: 'ask' | 'bid';
  priceText: string;
  changeText: string;
  priceTone: string;
  qtyText: string;
  cumText: string;
  own: boolean;
  ownTitle?: string;
  onPrice: (price: string) => void;
  onQty: (qty: string) => void;
}

/** One ladder row (fixed height, so streaming never shifts the layout). */
export const BookRow = memo(function BookRow(p: BookRowProps) {
  if (!p.row) return <div className="h-[20px]" />;
  const row = p.row;
  const bar = p.side === 'ask' ? 'bg-down/15' : 'bg-up/15';
  return (
    <div
      className={`relative grid h-[20px] grid-cols-[1fr_56px_1fr_0.8fr] items-center border-l-2 px-2 text-[12px] hover:bg-panel2 ${p.own ? 'border-warn bg-warn/5' : 'border-transparent'}`}
      title={p.own ? p.ownTitle : undefined}
      data-testid="ob-row"
      data-side={p.side}
      data-price={row.price}
      data-own={p.own ? 'true' : undefined}
    >
      <div
        className={`absolute inset-y-0 right-0 ${bar}`}
        style={{ width: `${(row.depth * 100).toFixed(1)}%` }}
      />
      <button
        type="button"
        className={`num relative text-left font-medium ${p.priceTone} hover:underline`}
        onClick={() => p.onPrice(row.price)}
        data-testid="book-price"
      >
        {p.own && (
          <span className="absolute -left-2 text-[8px] text-warn" aria-hidden>
            ◆
          </span>
        )}
        {p.priceText}
      </button>
      <span className={`num relative text-right text-[11px] ${p.priceTone} opacity-80`}>{p.changeText}</span>
      <button
        type="button"
        className="num relative text-right hover:underline"
        onClick={() => p.onQty(row.qty)}
        data-testid="book-qty"
      >
        {p.qtyText}
      </button>
      <span className="num relative text-right text-dim">{p.cumText}</span>
    </div>
  );
});
