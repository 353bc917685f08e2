import { isNegative, isPositive } from '../../../../core/decimal.js';
import { tickFor } from '../../../../core/tick.js';
import { Badge } from '../../../components/Badge.js';
import { formatNumber, formatPercent, formatPrice } from '../../../lib/format.js';
import { useT } from '../../../lib/i18n.js';
import { dimClass, StaleMark } from '../../../lib/live/StaleMark.js';
import { useStreamFreshness } from '../../../lib/live/useFreshness.js';
import { compactAmount } from '../../../lib/market/compact.js';
import { usePair, useTicker, useTickSize } from '../../../lib/market/useMarket.js';
import { usePriceFlash } from '../../../lib/market/usePriceFlash.js';
import { publicStream } from '../../../lib/ws.js';
import { SymbolSelector } from './SymbolSelector.js';

function Stat(props: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col justify-center leading-tight" data-testid={props.testId}>
      <span className="text-[10px] text-dim">{props.label}</span>
      <span className="num text-[12px]">{props.children}</span>
    </div>
  );
}

/** Symbol selector and the live 24 h statistics of the selected pair. */
export function MarketHeader({ symbol }: { symbol: string }) {
  const t = useT();
  const ticker = useTicker(symbol);
  const pair = usePair(symbol);
  const policy = useTickSize(symbol).data?.tickSizePolicy;
  const tick = ticker && policy?.length ? tickFor(policy, ticker.close) : undefined;
  const ch = ticker?.priceChange ?? '0';
  const flash = usePriceFlash(ticker?.close);
  const fresh = useStreamFreshness(publicStream);
  const tone = isPositive(ch) ? 'text-up' : isNegative(ch) ? 'text-down' : 'text-fg';
  const quote = pair?.quoteCurrency.toUpperCase() ?? '';
  const base = pair?.baseCurrency.toUpperCase() ?? '';
  return (
    <div
      className="flex h-12 shrink-0 items-center gap-6 border-b border-line bg-panel px-2"
      data-testid="market-header"
    >
      <SymbolSelector />
      <div className={`flex items-baseline gap-2 ${dimClass(fresh)}`}>
        <span
          key={flash.n}
          className={`num rounded px-1 text-[20px] font-bold ${tone} ${flash.cls}`}
          data-testid="last-price"
        >
          {formatPrice(ticker?.close, tick)}
        </span>
        <span className="text-[11px] text-dim">{quote}</span>
      </div>
      <StaleMark f={fresh} testId="price-fresh" />
      <Stat label={t('market.change')}>
        <span className={tone}>
          {formatPercent(ticker?.priceChangePercent)} {ticker ? formatNumber(ch, { sign: true }) : ''}
        </span>
      </Stat>
      <Stat label={t('market.high')}>
        <span className="text-up">{formatPrice(ticker?.high, tick)}</span>
      </Stat>
      <Stat label={t('market.low')}>
        <span className="text-down">{formatPrice(ticker?.low, tick)}</span>
      </Stat>
      <Stat label={`${t('market.volume')} (${base})`}>{formatNumber(ticker?.volume, { dp: 4 })}</Stat>
      <Stat label={`${t('market.quoteVolume')} (${quote})`}>
        <span title={formatNumber(ticker?.quoteVolume, { dp: 0 })}>{compactAmount(ticker?.quoteVolume)}</span>
      </Stat>
      {pair?.status === 'stopped' && <Badge tone="warn">{t('market.stopped')}</Badge>}
    </div>
  );
}
