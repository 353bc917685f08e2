// Wall mode: full screen, large figures, as many cards as fit, pages rotating when there are more.
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/index.js';
import { useT } from '../../lib/i18n.js';
import { useViewport } from '../../lib/useViewport.js';
import { AccountCard } from './AccountCard.js';
import { fitGrid, gridFor, nextPage, pageCount, pageItems } from './paging.js';
import type { MonitorEntry } from './useMonitorAccounts.js';
import type { RateLimitEntry } from './useRateLimits.js';

export const WALL_CARD = { minCardWidth: 560, minCardHeight: 440, gap: 12 };
const ROTATE_MS = 15_000;
const HEADER_PX = 44;

export function WallMode(props: {
  entries: MonitorEntry[];
  symbols: readonly string[];
  rateLimits: readonly RateLimitEntry[];
  onExit: () => void;
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const { width, height } = useViewport();
  const fit = fitGrid({ width: width - 24, height: height - HEADER_PX - 24, ...WALL_CARD });
  const grid = gridFor(Math.min(props.entries.length, fit.perPage), fit);
  const pages = pageCount(props.entries.length, fit.perPage);
  const [page, setPage] = useState(0);
  const [paused, setPaused] = useState(false);
  const { onExit } = props;

  useEffect(() => {
    const el = ref.current;
    if (el && !document.fullscreenElement) el.requestFullscreen?.().catch(() => {});
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onExit();
    };
    const onFs = () => {
      if (!document.fullscreenElement) onExit();
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('fullscreenchange', onFs);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('fullscreenchange', onFs);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    };
  }, [onExit]);

  useEffect(() => {
    if (pages <= 1 || paused) return;
    const id = setInterval(() => setPage((p) => nextPage(p, props.entries.length, fit.perPage)), ROTATE_MS);
    return () => clearInterval(id);
  }, [pages, paused, props.entries.length, fit.perPage]);

  const shown = pageItems(props.entries, page, fit.perPage);
  return (
    <div ref={ref} className="fixed inset-0 z-50 flex flex-col bg-bg p-3" data-testid="wall-mode">
      <header className="flex h-8 shrink-0 items-center gap-3" style={{ marginBottom: 12 }}>
        <h1 className="text-[16px] font-semibold">{t('acc.mon.title')}</h1>
        {pages > 1 && (
          <>
            <Button size="xs" onClick={() => setPage((p) => (p - 1 + pages) % pages)}>
              ◀
            </Button>
            <span className="num text-[13px] text-dim" data-testid="wall-page">
              {t('acc.mon.page', { page: (page % pages) + 1, pages })}
            </span>
            <Button size="xs" onClick={() => setPage((p) => (p + 1) % pages)}>
              ▶
            </Button>
            <Button size="xs" variant="ghost" onClick={() => setPaused((v) => !v)}>
              {paused ? '▶︎ auto' : '❚❚'}
            </Button>
          </>
        )}
        <Button className="ml-auto" size="xs" onClick={onExit} data-testid="wall-exit">
          {t('acc.mon.exitWall')}
        </Button>
      </header>
      <div
        className="grid min-h-0 flex-1"
        style={{
          gap: WALL_CARD.gap,
          gridTemplateColumns: `repeat(${grid.columns}, minmax(0, 1fr))`,
          gridTemplateRows: `repeat(${grid.rows}, minmax(0, 1fr))`,
        }}
      >
        {shown.map((e) => (
          <AccountCard key={e.id} entry={e} symbols={props.symbols} rateLimits={props.rateLimits} large />
        ))}
      </div>
    </div>
  );
}
