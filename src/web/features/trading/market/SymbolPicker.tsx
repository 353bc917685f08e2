// The market picker's list (search, pairs by traded value, live prices): its own chunk, fetched
// when the picker is first opened or pointed at, so the trading screen's first load does not carry
// it (issue 12, initial JS).
import { useMemo, useState } from 'react';
import { cmp, isNegative, isPositive } from '../../../../core/decimal.js';
import { formatPercent, formatPrice } from '../../../lib/format.js';
import { useT } from '../../../lib/i18n.js';
import { compactAmount } from '../../../lib/market/compact.js';
import { useCurrencyPairs, useTickers } from '../../../lib/market/useMarket.js';

const label = (symbol: string) => symbol.replace('_', '/').toUpperCase();

export function SymbolPicker({
  symbol,
  alerts,
  choose,
  close,
}: {
  symbol: string;
  alerts: ReadonlyMap<string, readonly string[]>;
  choose: (symbol: string) => void;
  close: () => void;
}) {
  const t = useT();
  const pairs = useCurrencyPairs();
  const tickers = useTickers();
  const [q, setQ] = useState('');
  const [cursor, setCursor] = useState(0);
  const rows = useMemo(() => {
    const byTicker = new Map((tickers.data ?? []).map((x) => [x.symbol, x]));
    const needle = q.trim().toLowerCase().replace('/', '_');
    return (pairs.data ?? [])
      .filter((p) => !needle || p.symbol.includes(needle) || p.baseCurrency.includes(needle))
      .map((p) => ({ pair: p, ticker: byTicker.get(p.symbol) }))
      .sort((a, b) => cmp(b.ticker?.quoteVolume ?? '0', a.ticker?.quoteVolume ?? '0'));
  }, [pairs.data, tickers.data, q]);

  return (
    <div className="absolute top-9 left-0 z-50 w-[500px] rounded border border-line bg-panel shadow-2xl">
      <input
        // biome-ignore lint/a11y/noAutofocus: the picker opens on purpose for typing
        autoFocus
        data-testid="symbol-search"
        value={q}
        placeholder={`${t('common.search')} (BTC, eth_krw…)`}
        onChange={(e) => {
          setQ(e.target.value);
          setCursor(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') close();
          else if (e.key === 'ArrowDown') setCursor((c) => Math.min(c + 1, rows.length - 1));
          else if (e.key === 'ArrowUp') setCursor((c) => Math.max(c - 1, 0));
          else if (e.key === 'Enter' && rows[cursor]) choose(rows[cursor].pair.symbol);
        }}
        className="h-9 w-full border-b border-line bg-transparent px-3 text-[13px] outline-none"
      />
      <div className="grid grid-cols-[1.3fr_1fr_80px_90px] px-3 py-1 text-[11px] text-dim">
        <span>{t('market.pair')}</span>
        <span className="text-right">{t('market.last')}</span>
        <span className="text-right">{t('market.change')}</span>
        <span className="text-right">{t('market.quoteVolume')}</span>
      </div>
      <div className="max-h-[420px] overflow-auto">
        {rows.map(({ pair, ticker }, i) => {
          const ch = ticker?.priceChangePercent ?? '0';
          const tone = isPositive(ch) ? 'text-up' : isNegative(ch) ? 'text-down' : 'text-fg';
          return (
            <button
              type="button"
              key={pair.symbol}
              data-testid={`symbol-option-${pair.symbol}`}
              onMouseEnter={() => setCursor(i)}
              onClick={() => choose(pair.symbol)}
              className={`grid h-7 w-full grid-cols-[1.3fr_1fr_80px_90px] items-center px-3 text-left text-[12px] ${i === cursor ? 'bg-panel2' : ''} ${pair.symbol === symbol ? 'font-semibold' : ''}`}
            >
              <span className="flex min-w-0 items-center gap-1">
                <span className="shrink-0">{label(pair.symbol)}</span>
                {alerts.has(pair.symbol) && (
                  <span
                    data-testid={`symbol-alert-${pair.symbol}`}
                    title={alerts.get(pair.symbol)?.join(', ')}
                    className="shrink-0 rounded border border-warn/60 bg-warn/10 px-1 text-[10px] leading-4 text-warn"
                  >
                    {t('market.alert')}
                  </span>
                )}
                {pair.status === 'stopped' && (
                  <span className="truncate text-[10px] text-warn" title={t('market.stopped')}>
                    {t('market.stoppedShort')}
                  </span>
                )}
              </span>
              <span className={`num text-right ${tone}`}>{formatPrice(ticker?.close)}</span>
              <span className={`num text-right ${tone}`}>{ticker ? formatPercent(ch) : '-'}</span>
              <span className="num text-right text-dim">{compactAmount(ticker?.quoteVolume)}</span>
            </button>
          );
        })}
        {rows.length === 0 && <div className="p-4 text-center text-dim">{t('common.empty')}</div>}
      </div>
    </div>
  );
}
