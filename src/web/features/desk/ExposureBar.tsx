// Exposure by asset: one bar split by each holding's share of the account value.
import { div, gt } from '../../../core/decimal.js';
import type { ValuedBalance } from '../../lib/valuation.js';

const PALETTE = ['#4c8dff', '#f0b429', '#a855f7', '#14b8a6', '#f97316', '#ec4899', '#84cc16', '#64748b'];

export function exposureShares(rows: readonly ValuedBalance[], total: string | null) {
  if (!total || !gt(total, '0')) return [];
  return rows
    .filter((r) => r.valueKrw && gt(r.valueKrw, '0'))
    .map((r) => ({ currency: r.currency, pct: Number(div(r.valueKrw as string, total, 6)) * 100 }));
}

export function ExposureBar(props: { rows: readonly ValuedBalance[]; total: string | null }) {
  const shares = exposureShares(props.rows, props.total);
  return (
    <div className="flex h-[0.6em] w-full overflow-hidden rounded-sm bg-panel2" data-testid="card-exposure">
      {shares.map((s, i) => (
        <div
          key={s.currency}
          className="h-full opacity-70"
          style={{ width: `${s.pct}%`, background: PALETTE[i % PALETTE.length] }}
          title={`${s.currency.toUpperCase()} ${s.pct.toFixed(1)}%`}
        />
      ))}
    </div>
  );
}

export const exposureColor = (i: number) => PALETTE[i % PALETTE.length];
