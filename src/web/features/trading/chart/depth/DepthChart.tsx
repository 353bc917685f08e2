import { useEffect, useMemo, useRef, useState } from 'react';
import { formatNumber, formatPrice } from '../../../../lib/format.js';
import { useT } from '../../../../lib/i18n.js';
import { useLiveLadder } from '../../../../lib/market/useLiveLadder.js';
import { depthGeometry } from './depthMath.js';

/** Cumulative bids and asks of the live book (ungrouped), drawn as stepped areas; hover reads a price. */
export function DepthChart({ symbol }: { symbol: string }) {
  const t = useT();
  const book = useLiveLadder(symbol, 60);
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  const [hoverX, setHoverX] = useState<number | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ w: el.clientWidth, h: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const plotH = Math.max(0, size.h - 22);
  const g = useMemo(
    () => depthGeometry(book.ladder.bids, book.ladder.asks, size.w, plotH),
    [book.ladder, size.w, plotH],
  );
  const ticks = g ? [0.1, 0.3, 0.5, 0.7, 0.9].map((f) => g.minPrice + f * (g.maxPrice - g.minPrice)) : [];
  const hoverPrice = g && hoverX !== null ? g.priceAt(hoverX) : null;

  return (
    <div
      ref={box}
      className="absolute inset-0 z-20 bg-panel"
      data-testid="depth-chart"
      data-levels={book.ladder.bids.length + book.ladder.asks.length}
      onMouseMove={(e) => setHoverX(e.clientX - e.currentTarget.getBoundingClientRect().left)}
      onMouseLeave={() => setHoverX(null)}
    >
      {g ? (
        <svg width={size.w} height={size.h} className="block" role="img" aria-label={t('chart.depth')}>
          <path d={g.bidPath} fill="var(--up)" fillOpacity={0.18} stroke="var(--up)" strokeWidth={1.5} />
          <path d={g.askPath} fill="var(--down)" fillOpacity={0.18} stroke="var(--down)" strokeWidth={1.5} />
          <line
            x1={g.x((g.minPrice + g.maxPrice) / 2)}
            x2={g.x((g.minPrice + g.maxPrice) / 2)}
            y1={0}
            y2={plotH}
            className="stroke-line"
            strokeDasharray="3 3"
          />
          {ticks.map((p) => (
            <text key={p} x={g.x(p)} y={size.h - 6} textAnchor="middle" className="num fill-dim text-[10px]">
              {formatNumber(p.toFixed(0))}
            </text>
          ))}
          {[0.25, 0.5, 0.75, 1].map((f) => (
            <text
              key={f}
              x={size.w - 4}
              y={g.y(g.maxCum * f) + 10}
              textAnchor="end"
              className="num fill-dim text-[10px]"
            >
              {formatNumber((g.maxCum * f).toFixed(4), { dp: 4 })}
            </text>
          ))}
          {hoverX !== null && (
            <line x1={hoverX} x2={hoverX} y1={0} y2={plotH} className="stroke-dim" strokeWidth={0.5} />
          )}
        </svg>
      ) : (
        <div className="flex h-full items-center justify-center text-[12px] text-dim">
          {book.live ? t('chart.depth.empty') : t('common.loading')}
        </div>
      )}
      <div className="pointer-events-none absolute top-1 left-2 flex gap-3 rounded bg-panel/80 px-1.5 py-0.5 text-[11px]">
        <span className="text-up">■ {t('chart.depth.bids')}</span>
        <span className="text-down">■ {t('chart.depth.asks')}</span>
        {hoverPrice !== null && (
          <span className="num text-fg">{formatPrice(hoverPrice.toFixed(8).replace(/\.?0+$/, ''))}</span>
        )}
      </div>
    </div>
  );
}
