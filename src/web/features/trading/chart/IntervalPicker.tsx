import { useEffect, useRef, useState } from 'react';
import { INTERVAL_LABELS, INTERVALS, type Interval } from '../../../../core/intervals.js';

/**
 * The chart's interval buttons; when the chart is narrow (1280 px with the market list open, or the
 * 1024 px layout) they fold into one select so the toolbar's tools stay visible.
 */
export function IntervalPicker(props: {
  interval: Interval;
  lang: 'ko' | 'en';
  onChange: (iv: Interval) => void;
  compact: boolean;
}) {
  if (props.compact) {
    return (
      <select
        data-testid="interval-select"
        value={props.interval}
        onChange={(e) => props.onChange(e.target.value as Interval)}
        className="h-6 rounded border border-line bg-panel2 px-1 text-[11px] text-accent"
      >
        {INTERVALS.map((iv) => (
          <option key={iv} value={iv}>
            {INTERVAL_LABELS[iv][props.lang]}
          </option>
        ))}
      </select>
    );
  }
  return (
    <>
      {INTERVALS.map((iv) => (
        <button
          key={iv}
          type="button"
          data-testid={`interval-${iv}`}
          onClick={() => props.onChange(iv)}
          className={`rounded px-2 py-0.5 text-[11px] ${iv === props.interval ? 'bg-panel2 font-semibold text-accent' : 'text-dim hover:text-fg'}`}
        >
          {INTERVAL_LABELS[iv][props.lang]}
        </button>
      ))}
    </>
  );
}

/** Width of an element, kept current with a ResizeObserver. */
export function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(Number.POSITIVE_INFINITY);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    setWidth(el.clientWidth);
    return () => ro.disconnect();
  }, []);
  return [ref, width] as const;
}
