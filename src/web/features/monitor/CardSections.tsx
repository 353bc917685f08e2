// The lists inside an account card: every holding (with its exposure colour), open orders per
// pair, and the latest fills (a new fill flashes once). Sizes are in em so the card scales.
import { useEffect, useRef } from 'react';
import { formatKrw, formatNumber, formatQty, useTimeFormat } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import type { ValuedBalance } from '../../lib/valuation.js';
import { exposureColor } from '../desk/index.js';
import type { FillRecord, OpenOrder } from './useAccountActivity.js';

function Title(props: { children: string; right?: string }) {
  return (
    <div className="flex items-center justify-between border-b border-line/60 pb-[0.1em] text-[0.85em] text-dim">
      <span>{props.children}</span>
      {props.right && <span className="num">{props.right}</span>}
    </div>
  );
}

export function HoldingsList(props: { rows: ValuedBalance[] }) {
  const t = useT();
  return (
    <div data-testid="card-holdings" data-count={props.rows.length}>
      <Title right={String(props.rows.length)}>{t('acc.mon.holdings')}</Title>
      <div className="grid grid-cols-[auto_1fr_auto] gap-x-[0.6em] leading-[1.6]">
        {props.rows.map((r, i) => (
          <div key={r.currency} className="contents" data-testid="card-holding">
            <span className="flex items-center gap-[0.35em] whitespace-nowrap font-semibold uppercase">
              <span
                className="inline-block h-[0.55em] w-[0.55em] rounded-sm opacity-70"
                style={{ background: exposureColor(i) }}
              />
              {r.currency}
            </span>
            <span className="num whitespace-nowrap text-right text-dim">
              {r.currency === 'krw' ? '' : formatQty(r.balance)}
            </span>
            <span className="num whitespace-nowrap text-right">{formatKrw(r.valueKrw)}</span>
          </div>
        ))}
      </div>
    </div>
  );
}

export function OpenOrdersList(props: { groups: { symbol: string; orders: OpenOrder[] }[] }) {
  const t = useT();
  const total = props.groups.reduce((n, g) => n + g.orders.length, 0);
  return (
    <div data-testid="card-orders">
      <Title right={String(total)}>{t('acc.mon.openOrders')}</Title>
      {props.groups.length === 0 && <div className="leading-[1.6] text-dim">{t('acc.mon.noOrders')}</div>}
      {props.groups.map((g) => {
        const buys = g.orders.filter((o) => o.side === 'buy').length;
        const sells = g.orders.length - buys;
        return (
          <div
            key={g.symbol}
            className="num flex justify-between whitespace-nowrap leading-[1.6]"
            data-testid="card-order-pair"
          >
            <span className="font-semibold uppercase">{g.symbol.replace('_', '/')}</span>
            <span>
              <span className="text-up">{buys}</span>
              <span className="text-dim"> / </span>
              <span className="text-down">{sells}</span>
            </span>
          </div>
        );
      })}
    </div>
  );
}

/** Flashes its row once when it mounts fresh (a fill that just arrived). */
function FlashRow(props: { fresh: boolean; children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const { fresh } = props;
  useEffect(() => {
    if (!fresh || !ref.current?.animate) return;
    ref.current.animate(
      [
        { backgroundColor: 'color-mix(in srgb, var(--warn) 35%, transparent)' },
        { backgroundColor: 'transparent' },
      ],
      { duration: 2500, easing: 'ease-out' },
    );
  }, [fresh]);
  return (
    <div
      ref={ref}
      className="col-span-5 grid grid-cols-subgrid rounded-sm"
      data-testid="card-fill"
      data-fresh={fresh ? '1' : undefined}
    >
      {props.children}
    </div>
  );
}

export function FillsList(props: { fills: FillRecord[]; max: number; todayCount: number }) {
  const t = useT();
  const tf = useTimeFormat();
  const now = Date.now();
  return (
    <div data-testid="card-fills">
      <Title right={String(props.todayCount)}>{t('desk.fillsToday')}</Title>
      {props.fills.length === 0 && <div className="leading-[1.6] text-dim">{t('desk.noFillsToday')}</div>}
      <div className="grid grid-cols-[auto_auto_auto_1fr_auto] gap-x-[0.6em] leading-[1.6]">
        {props.fills.slice(0, props.max).map((f) => (
          <FlashRow key={`${f.symbol}:${f.tradeId}`} fresh={now - f.tradedAt < 5000}>
            <span className="num whitespace-nowrap text-dim">{tf.time(f.tradedAt)}</span>
            <span className="whitespace-nowrap uppercase">{f.symbol.split('_')[0]}</span>
            <span className={f.side === 'buy' ? 'text-up' : 'text-down'}>{f.side === 'buy' ? '▲' : '▼'}</span>
            <span className="num whitespace-nowrap text-right">{formatNumber(f.price)}</span>
            <span className="num whitespace-nowrap text-right text-dim">{formatQty(f.qty)}</span>
          </FlashRow>
        ))}
      </div>
    </div>
  );
}
