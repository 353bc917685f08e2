// The presenter's replay control bar (a strip along the bottom, only while the sandbox replays a
// recording): play/pause, speed, a seek slider with position and length. The app is shortened by the
// strip's height meanwhile, so the bar never covers a page. Its own lazy chunk (DemoOverlay).
import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n.js';
import { clockText } from '../../lib/replayText.js';
import { useReplay, useReplayControl } from './useReplay.js';

const SPEEDS = [0.5, 1, 2, 5, 10];
const BAR_PX = 36;

/** Leaves room for the bar at the bottom of the window while it is shown. */
function useReserveBottom(on: boolean) {
  useEffect(() => {
    const root = document.getElementById('root');
    if (!on || !root) return;
    root.style.height = `calc(100% - ${BAR_PX}px)`;
    return () => {
      root.style.removeProperty('height');
    };
  }, [on]);
}

export function ReplayBar() {
  const t = useT();
  const { data } = useReplay();
  const control = useReplayControl();
  const [dragging, setDragging] = useState<number | null>(null);
  useEffect(() => {
    if (!control.isPending) setDragging(null);
  }, [control.isPending]);
  useReserveBottom(data?.active === true);
  if (!data?.active) return null;
  const duration = data.durationMs ?? 0;
  const position = dragging ?? data.positionMs ?? 0;
  const file = (data.file ?? '').split('/').pop();
  const seek = (v: number) => control.mutate({ action: 'seek', value: v });
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-[60] flex items-center justify-center gap-3 border-t border-accent/60 bg-panel px-3 text-[12px] text-fg"
      style={{ height: BAR_PX }}
      data-testid="replay-bar"
      data-paused={data.paused ? '1' : '0'}
      title={t('replay.hint')}
    >
      <span className="text-[11px] font-semibold uppercase tracking-wide text-accent">
        {t('replay.badge')}
      </span>
      <span className="max-w-[14rem] truncate text-dim" data-testid="replay-file">
        {file}
      </span>
      <button
        type="button"
        className="h-6 min-w-20 whitespace-nowrap rounded border border-line bg-panel2 px-2 text-[12px] hover:border-dim"
        onClick={() => control.mutate({ action: data.paused ? 'resume' : 'pause' })}
        data-testid="replay-toggle"
        aria-label={data.paused ? t('replay.resume') : t('replay.pause')}
      >
        {data.paused ? `▶ ${t('replay.resume')}` : `❚❚ ${t('replay.pause')}`}
      </button>
      <input
        type="range"
        min={0}
        max={duration}
        step={1000}
        value={Math.min(position, duration)}
        aria-label={t('replay.seek')}
        className="w-56 accent-[var(--color-accent,#3b82f6)]"
        data-testid="replay-seek"
        onChange={(e) => setDragging(Number(e.target.value))}
        onPointerUp={(e) => seek(Number((e.target as HTMLInputElement).value))}
        onKeyUp={(e) => seek(Number((e.target as HTMLInputElement).value))}
      />
      <span className="w-24 text-right tabular-nums" data-testid="replay-position">
        {clockText(position)} / {clockText(duration)}
      </span>
      <label className="flex items-center gap-1">
        <span className="text-dim">{t('replay.speed')}</span>
        <select
          className="h-6 rounded border border-line bg-panel2 px-1 text-[12px]"
          value={String(data.speed ?? 1)}
          onChange={(e) => control.mutate({ action: 'speed', value: Number(e.target.value) })}
          data-testid="replay-speed"
        >
          {[...new Set([...SPEEDS, data.speed ?? 1])]
            .sort((a, b) => a - b)
            .map((s) => (
              <option key={s} value={String(s)}>
                {s}×
              </option>
            ))}
        </select>
      </label>
      {data.paused ? (
        <span className="text-warn" data-testid="replay-state">
          {data.ended ? t('replay.ended') : t('replay.paused')}
        </span>
      ) : null}
      {data.loops ? <span className="text-dim">{t('replay.loops', { n: data.loops })}</span> : null}
    </div>
  );
}
