// The lists inside an account card: top holdings, open orders per pair, recent fills.
import { formatKrw, formatNumber, formatQty, useTimeFormat } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import type { ValuedBalance } from '../balances/valuation.js';
import type { FillRecord } from './orderCache.js';
import type { OpenOrder } from './useAccountActivity.js';

function Title(props: { children: string; right?: string }) {
  return (
    <div className="flex items-center justify-between border-b border-line/60 pb-0.5 text-[0.85em] text-dim">
      <span>{props.children}</span>
      {props.right && <span className="num">{props.right}</span>}
    </div>
  );
}

export function HoldingsList(props: { rows: ValuedBalance[]; max: number }) {
  const t = useT();
  const rows = props.rows.slice(0, props.max);
  return (
    <div data-testid="card-holdings">
      <Title right={rows.length < props.rows.length ? `${rows.length} / ${props.rows.length}` : undefined}>
        {t('acc.mon.holdings')}
      </Title>
      {rows.map((r) => (
        <div key={r.currency} className="num flex justify-between gap-2 leading-[1.6]">
          <span className="w-12 font-semibold uppercase">{r.currency}</span>
          <span className="min-w-0 flex-1 truncate text-right text-dim" title={formatQty(r.balance)}>
            {r.currency === 'krw' ? '' : formatQty(r.balance)}
          </span>
          <span className="w-[8em] shrink-0 text-right">{formatKrw(r.valueKrw)}</span>
        </div>
      ))}
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
            className="num flex justify-between leading-[1.6]"
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

export function FillsList(props: { fills: FillRecord[]; max: number }) {
  const t = useT();
  const tf = useTimeFormat();
  return (
    <div data-testid="card-fills">
      <Title right={String(props.fills.length)}>{t('acc.mon.fills')}</Title>
      {props.fills.length === 0 && <div className="leading-[1.6] text-dim">{t('acc.mon.noFills')}</div>}
      {props.fills.slice(0, props.max).map((f) => (
        <div
          key={`${f.symbol}:${f.tradeId}`}
          className="num flex gap-2 leading-[1.6]"
          data-testid="card-fill"
        >
          <span className="text-dim">{tf.time(f.tradedAt)}</span>
          <span className="w-16 uppercase">{f.symbol.split('_')[0]}</span>
          <span className={f.side === 'buy' ? 'text-up' : 'text-down'}>{f.side === 'buy' ? '▲' : '▼'}</span>
          <span className="flex-1 text-right">{formatNumber(f.price)}</span>
          <span className="w-24 text-right text-dim">{formatQty(f.qty)}</span>
        </div>
      ))}
    </div>
  );
}
