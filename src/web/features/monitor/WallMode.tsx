// Wall mode: full screen, type and cards scaled to the screen (1920x1080 to 3840x2160, portrait
// too), every holding shown, pages rotating when there are more accounts than fit, the desk
// header with alerts on top, and burn-in care: the picture drifts a few pixels every minute.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MonitorEntry } from '../../lib/accounts/useMonitorAccounts.js';
import { useDeskReports } from '../../lib/deskState.js';
import { useT } from '../../lib/i18n.js';
import { useViewport } from '../../lib/useViewport.js';
import { DeskHeader, HeaderButton, KillSwitchDialog, useKillHotkey } from '../desk/index.js';
import { AccountCard } from './AccountCard.js';
import { nextPage, pageCount, pageItems } from './paging.js';
import type { RateLimitEntry } from './useRateLimits.js';
import { wallLayout } from './wallLayout.js';

const ROTATE_MS = 15_000;
const ORBIT_MS = 60_000;
/** Pixel-shift orbit (burn-in care): a small square walked once every 8 minutes. */
const ORBIT = [
  [0, 0],
  [2, 0],
  [4, 0],
  [4, 2],
  [4, 4],
  [2, 4],
  [0, 4],
  [0, 2],
] as const;

export function WallMode(props: {
  entries: MonitorEntry[];
  symbols: readonly string[];
  rateLimits: readonly RateLimitEntry[];
  onExit: () => void;
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const { width, height } = useViewport();
  const reports = useDeskReports((s) => s.reports);
  const maxHoldings = Math.max(1, ...props.entries.map((e) => reports[e.id]?.holdings ?? 0));
  const maxOrderPairs = Math.max(0, ...props.entries.map((e) => reports[e.id]?.orderPairs ?? 0));
  const layout = wallLayout({ width, height, count: props.entries.length, maxHoldings, maxOrderPairs });
  const perPage = layout.grid.perPage;
  const pages = pageCount(props.entries.length, perPage);
  const [page, setPage] = useState(0);
  const [paused, setPaused] = useState(false);
  const [orbit, setOrbit] = useState(0);
  const [killOpen, setKillOpen] = useState(false);
  const openKill = useCallback(() => setKillOpen(true), []);
  useKillHotkey(openKill);
  const { onExit } = props;

  useEffect(() => {
    const el = ref.current;
    if (el && !document.fullscreenElement) el.requestFullscreen?.().catch(() => {});
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.querySelector('dialog[open]')) onExit();
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
    const id = setInterval(() => setPage((p) => nextPage(p, props.entries.length, perPage)), ROTATE_MS);
    return () => clearInterval(id);
  }, [pages, paused, props.entries.length, perPage]);

  useEffect(() => {
    const id = setInterval(() => setOrbit((o) => (o + 1) % ORBIT.length), ORBIT_MS);
    return () => clearInterval(id);
  }, []);

  const shown = pageItems(props.entries, page, perPage);
  const ids = useMemo(() => props.entries.map((e) => e.id), [props.entries]);
  const [dx, dy] = ORBIT[orbit] ?? [0, 0];
  const gap = Math.round(layout.fontPx * 0.8);
  return (
    <div ref={ref} className="fixed inset-0 z-50 overflow-hidden bg-bg" data-testid="wall-mode">
      <div
        className="flex h-full flex-col"
        style={{ transform: `translate(${dx - 2}px, ${dy - 2}px)`, transition: 'transform 4s linear' }}
        data-testid="wall-content"
        data-font={layout.fontPx}
        data-shape={layout.shape}
      >
        <DeskHeader ids={ids} onKill={openKill} fontPx={Math.round(layout.fontPx * 0.9)}>
          {pages > 1 && (
            <>
              <HeaderButton
                onClick={() => setPage((p) => (p - 1 + pages) % pages)}
                aria-label="previous page"
              >
                ◀
              </HeaderButton>
              <span className="num text-dim" data-testid="wall-page">
                {t('acc.mon.page', { page: (page % pages) + 1, pages })}
              </span>
              <HeaderButton onClick={() => setPage((p) => (p + 1) % pages)} aria-label="next page">
                ▶
              </HeaderButton>
              <HeaderButton tone="ghost" onClick={() => setPaused((v) => !v)}>
                {paused ? t('desk.wallAuto') : t('desk.wallPaused')}
              </HeaderButton>
            </>
          )}
          <HeaderButton onClick={onExit} data-testid="wall-exit">
            {t('acc.mon.exitWall')}
          </HeaderButton>
        </DeskHeader>
        <div
          className="grid min-h-0 flex-1"
          style={{
            gap,
            padding: gap,
            gridTemplateColumns: `repeat(${layout.grid.columns}, minmax(0, 1fr))`,
            gridTemplateRows: `repeat(${layout.grid.rows}, minmax(0, 1fr))`,
          }}
          data-testid="wall-grid"
          data-columns={layout.grid.columns}
          data-rows={layout.grid.rows}
        >
          {shown.map((e) => (
            <AccountCard
              key={e.id}
              entry={e}
              symbols={props.symbols}
              rateLimits={props.rateLimits}
              fontPx={layout.fontPx}
              maxFills={layout.maxFills}
              shape={layout.shape}
            />
          ))}
        </div>
      </div>
      <KillSwitchDialog open={killOpen} entries={props.entries} onClose={() => setKillOpen(false)} />
    </div>
  );
}
