import { useRef } from 'react';

/** Drag handle between panels. `axis="x"` resizes widths (vertical bar), `axis="y"` heights. */
export function Splitter(props: { axis: 'x' | 'y'; onDrag: (delta: number) => void; testId?: string }) {
  const last = useRef(0);
  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    last.current = props.axis === 'x' ? e.clientX : e.clientY;
    const el = e.currentTarget;
    el.setPointerCapture(e.pointerId);
    const move = (ev: PointerEvent) => {
      const pos = props.axis === 'x' ? ev.clientX : ev.clientY;
      const d = pos - last.current;
      if (d !== 0) {
        last.current = pos;
        props.onDrag(d);
      }
    };
    const up = () => {
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
    };
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
  };
  return (
    <div
      data-testid={props.testId}
      onPointerDown={onPointerDown}
      className={`shrink-0 bg-bg transition-colors hover:bg-accent/50 ${props.axis === 'x' ? 'w-1 cursor-col-resize' : 'h-1 cursor-row-resize'}`}
    />
  );
}
