// A small API for other features to draw price lines on the trading chart (conditional-order triggers,
// alert levels, ...). Each owner sets its whole list; the chart draws the lines of the shown symbol.
//
//   import { useChartLines } from '../../lib/chart/chartLines.js';
//   useChartLines('conditional', [{ id: 'c1', symbol: 'btc_krw', price: '95000000', title: 'Stop', tone: 'warn',
//     onDrag: (price) => moveTrigger('c1', price) }]);
//
// `price` is a decimal string; a dragged line's new price arrives snapped to the pair's tick.
import { useEffect } from 'react';

export type LineTone = 'accent' | 'warn' | 'up' | 'down' | 'dim';

export interface ExtraPriceLine {
  /** Unique within its owner. */
  id: string;
  symbol: string;
  price: string;
  title?: string;
  tone?: LineTone;
  style?: 'solid' | 'dashed' | 'dotted';
  /** Makes the line draggable; called once on drop with the new price (snapped to the tick). */
  onDrag?: (price: string) => void;
}

type Listener = () => void;
const byOwner = new Map<string, readonly ExtraPriceLine[]>();
const listeners = new Set<Listener>();
let all: readonly (ExtraPriceLine & { owner: string })[] = [];

function rebuild() {
  all = [...byOwner.entries()].flatMap(([owner, lines]) => lines.map((l) => ({ ...l, owner })));
  for (const l of listeners) l();
}

export const chartLines = {
  set(owner: string, lines: readonly ExtraPriceLine[]) {
    if (lines.length) byOwner.set(owner, lines);
    else byOwner.delete(owner);
    rebuild();
  },
  clear(owner: string) {
    if (byOwner.delete(owner)) rebuild();
  },
  subscribe(cb: Listener): () => void {
    listeners.add(cb);
    return () => listeners.delete(cb);
  },
  getAll: () => all,
};

/** Keeps an owner's lines on the chart while the calling component is mounted. */
export function useChartLines(owner: string, lines: readonly ExtraPriceLine[]) {
  useEffect(() => {
    chartLines.set(owner, lines);
  }, [owner, lines]);
  useEffect(() => () => chartLines.clear(owner), [owner]);
}
