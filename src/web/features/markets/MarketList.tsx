import { memo, useMemo, useState } from 'react';
import { isNegative, isPositive } from '../../../core/decimal.js';
import { formatPercent, formatPrice } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { dimClass, StaleMark } from '../../lib/live/StaleMark.js';
import { useStreamFreshness } from '../../lib/live/useFreshness.js';
import { compactAmount } from '../../lib/market/compact.js';
import { buildRows, type MarketRow, type SortKey, selectRows } from '../../lib/market/marketRows.js';
import { useMarkets } from '../../lib/market/marketsStore.js';
import { useCurrencyPairs, useTickers } from '../../lib/market/useMarket.js';
import { usePriceFlash } from '../../lib/market/usePriceFlash.js';
import { useCurrencies } from '../../lib/referenceData.js';
import { publicStream } from '../../lib/ws.js';
import { usePrefs } from '../../store/prefs.js';
import { AlertBell } from '../alerts/index.js';

const COLS = 'grid grid-cols-[16px_minmax(0,1fr)_92px_54px] items-center gap-x-1';

/** Persistent market list beside the chart: names in both languages, 초성 search, favorites, live prices. */
export function MarketList() {
  const t = useT();
  const lang = usePrefs((s) => s.language);
  const symbol = usePrefs((s) => s.symbol);
  const setPrefs = usePrefs((s) => s.set);
  const m = useMarkets();
  const pairs = useCurrencyPairs();
  const tickers = useTickers();
  const currencies = useCurrencies();
  const [query, setQuery] = useState('');
  const [cursor, setCursor] = useState(-1);

  const all = useMemo(() => {
    const names = new Map((currencies.data ?? []).map((c) => [c.name.toLowerCase(), c.fullName]));
    return buildRows(pairs.data ?? [], tickers.data ?? [], names, new Set(m.favorites));
  }, [pairs.data, tickers.data, currencies.data, m.favorites]);
  const rows = useMemo(
    () => selectRows(all, { query, favoritesOnly: m.favoritesOnly, sort: m.sort, dir: m.dir, lang }),
    [all, query, m.favoritesOnly, m.sort, m.dir, lang],
  );
  const choose = (s: string) => setPrefs({ symbol: s, bookLevel: null });
  // prices and changes ride the public stream: dimmed and marked when it stops
  const fresh = useStreamFreshness(publicStream);

  const head = (key: SortKey, label: string, align = 'text-right') => (
    <button
      type="button"
      data-testid={`markets-sort-${key}`}
      aria-pressed={m.sort === key}
      onClick={() => m.sortBy(key)}
      className={`truncate ${align} hover:text-fg ${m.sort === key ? 'text-accent' : ''}`}
    >
      {label}
      {m.sort === key ? (m.dir === 'asc' ? '▲' : '▼') : ''}
    </button>
  );

  return (
    <div className="flex h-full flex-col text-[12px]" data-testid="market-list">
      <div className="flex h-8 shrink-0 items-center gap-1 border-b border-line px-1.5">
        {(['all', 'fav'] as const).map((tab) => {
          const active = (tab === 'fav') === m.favoritesOnly;
          return (
            <button
              key={tab}
              type="button"
              data-testid={`markets-tab-${tab}`}
              aria-pressed={active}
              onClick={() => m.set({ favoritesOnly: tab === 'fav' })}
              className={`rounded px-2 py-0.5 text-[11px] ${active ? 'bg-panel2 font-semibold text-accent' : 'text-dim hover:text-fg'}`}
            >
              {tab === 'fav' ? `★ ${t('markets.favorites')}` : t('markets.all')}
            </button>
          );
        })}
        {/* right margin: the sidebar's fold button sits in the corner */}
        <span className="mr-6 ml-auto min-w-0 overflow-hidden">
          <StaleMark f={fresh} testId="markets-fresh" />
        </span>
      </div>
      <input
        data-testid="markets-search"
        value={query}
        placeholder={t('markets.search')}
        aria-label={t('markets.search')}
        onChange={(e) => {
          setQuery(e.target.value);
          setCursor(-1);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setCursor((c) => Math.min(c + 1, rows.length - 1));
          else if (e.key === 'ArrowUp') setCursor((c) => Math.max(c - 1, 0));
          else if (e.key === 'Escape') setQuery('');
          else if (e.key === 'Enter') {
            const r = rows[Math.max(cursor, 0)];
            if (r) choose(r.symbol);
          } else return;
          e.preventDefault();
        }}
        className="mx-1.5 my-1 h-7 shrink-0 rounded border border-line bg-bg px-2 text-[12px] outline-none focus:border-accent"
      />
      <div className={`${COLS} h-8 shrink-0 border-b border-line px-1.5 text-[10px] leading-tight text-dim`}>
        <span />
        {head('name', t('markets.name'), 'text-left')}
        {head('price', t('markets.price'))}
        <span className="flex flex-col items-end">
          {head('change', t('markets.change'))}
          {head('volume', t('markets.volume'))}
        </span>
      </div>
      <div className={`min-h-0 flex-1 overflow-y-auto ${dimClass(fresh)}`}>
        {rows.map((r, i) => (
          <Row
            key={r.symbol}
            row={r}
            lang={lang}
            selected={r.symbol === symbol}
            cursor={i === cursor}
            onChoose={choose}
            onStar={m.toggleFavorite}
            starLabel={t(r.favorite ? 'markets.unfavorite' : 'markets.favorite')}
            stoppedLabel={t('markets.stopped')}
          />
        ))}
        {rows.length === 0 && !pairs.isLoading && (
          <div className="p-4 text-center text-[11px] text-dim" data-testid="markets-empty">
            {m.favoritesOnly && !query ? t('markets.noFavorites') : t('markets.noMatch')}
          </div>
        )}
      </div>
    </div>
  );
}

const Row = memo(function Row(props: {
  row: MarketRow;
  lang: 'ko' | 'en';
  selected: boolean;
  cursor: boolean;
  onChoose: (s: string) => void;
  onStar: (s: string) => void;
  starLabel: string;
  stoppedLabel: string;
}) {
  const { row } = props;
  const ch = row.ticker?.priceChangePercent ?? '0';
  const tone = isPositive(ch) ? 'text-up' : isNegative(ch) ? 'text-down' : 'text-fg';
  const flash = usePriceFlash(row.ticker?.close);
  return (
    // The whole row picks the market, as on the local exchanges' lists (a click on the price or the
    // change too); the name's button is the keyboard's way in, so the row itself takes no focus.
    <div
      data-testid={`market-row-${row.symbol}`}
      onClick={() => props.onChoose(row.symbol)}
      aria-current={props.selected ? 'true' : undefined}
      className={`${COLS} h-[34px] cursor-pointer border-b border-line/40 px-1.5 ${props.selected ? 'bg-panel2' : props.cursor ? 'bg-panel2/60' : 'hover:bg-panel2/60'}`}
    >
      <button
        type="button"
        data-testid={`market-star-${row.symbol}`}
        aria-pressed={row.favorite}
        aria-label={props.starLabel}
        title={props.starLabel}
        onClick={(e) => {
          e.stopPropagation(); // starring is not choosing
          props.onStar(row.symbol);
        }}
        className={`text-[13px] leading-none ${row.favorite ? 'text-warn' : 'text-dim/60 hover:text-warn'}`}
      >
        {row.favorite ? '★' : '☆'}
      </button>
      <button
        type="button"
        // no handler of its own: its click (mouse, Enter or Space) reaches the row's
        className="flex min-w-0 flex-col items-start text-left leading-tight"
        title={`${row.names.ko} · ${row.names.en}`}
      >
        <span className="flex w-full min-w-0 items-center gap-1">
          <span className={`truncate ${props.selected ? 'font-semibold' : ''}`}>{row.names[props.lang]}</span>
          {row.stopped && (
            <span
              data-testid={`market-stopped-${row.symbol}`}
              className="shrink-0 rounded border border-warn/60 px-0.5 text-[9px] leading-3 text-warn"
            >
              {props.stoppedLabel}
            </span>
          )}
          <AlertBell symbol={row.symbol} price={row.ticker?.close} />
        </span>
        <span className="text-[10px] text-dim">
          {row.base}/{row.quote}
        </span>
      </button>
      <span
        key={flash.n}
        className={`num truncate rounded-sm text-right ${tone} ${flash.cls}`}
        data-testid={`market-price-${row.symbol}`}
      >
        {formatPrice(row.ticker?.close)}
      </span>
      <span className="flex flex-col items-end leading-tight">
        <span className={`num ${tone}`}>{row.ticker ? formatPercent(ch) : '-'}</span>
        <span className="num text-[10px] text-dim" title={row.ticker?.quoteVolume}>
          {compactAmount(row.ticker?.quoteVolume)}
        </span>
      </span>
    </div>
  );
});
