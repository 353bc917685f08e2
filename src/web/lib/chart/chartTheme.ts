// Reads the theme's CSS variables so the canvas chart follows dark/light and the up/down convention.
export interface ChartColors {
  bg: string;
  fg: string;
  dim: string;
  line: string;
  up: string;
  down: string;
  accent: string;
  warn: string;
}

export function readChartColors(): ChartColors {
  const cs = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => cs.getPropertyValue(name).trim() || fallback;
  return {
    bg: v('--panel', '#12161d'),
    fg: v('--fg', '#e6e9ef'),
    dim: v('--dim', '#8a93a3'),
    line: v('--line', '#262c37'),
    up: v('--up', '#f04452'),
    down: v('--down', '#3b82f6'),
    accent: v('--accent', '#4c8dff'),
    warn: v('--warn', '#f0b429'),
  };
}

/** Adds alpha to a #rrggbb color. */
export function withAlpha(hex: string, alpha: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return hex;
  const a = Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0');
  return `#${m[1]}${a}`;
}
