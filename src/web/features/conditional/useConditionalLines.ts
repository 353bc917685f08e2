// Trigger levels of live conditional orders on the price chart; armed price triggers drag to a new level.
import { useQueryClient } from '@tanstack/react-query';
import { type IPriceLine, LineStyle } from 'lightweight-charts';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { snapToTick, type TickRange } from '../../../core/tick.js';
import { readChartColors } from '../../lib/chart/chartTheme.js';
import type { ChartHandles } from '../../lib/chart/useChart.js';
import { moveLevel, useMyConditionals } from '../../lib/conditionalApi.js';
import { formatNumber } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { qk } from '../../lib/queryKeys.js';
import { pushErrorToast, pushToast } from '../../store/toasts.js';
import { type LegLine, legLines } from './describe.js';

interface Item extends LegLine {
  id: string;
  level: string;
}

const HIT_PX = 5;

/** A poll may redraw the lines while one is dragged; the old line object is then gone. */
function safely(f: () => void): void {
  try {
    f();
  } catch {
    /* line removed meanwhile */
  }
}

export function useConditionalLines(
  h: ChartHandles | null,
  box: RefObject<HTMLDivElement | null>,
  symbol: string,
  ranges: readonly TickRange[] | undefined,
): void {
  const t = useT();
  const qc = useQueryClient();
  const q = useMyConditionals();
  const items = useMemo<Item[]>(
    () =>
      (q.data ?? [])
        .filter((c) => c.symbol === symbol && (c.status === 'armed' || c.status === 'entryOpen'))
        .flatMap((c) =>
          legLines(c.status === 'entryOpen' ? c.definition.legs : c.legs, c.trail)
            .filter((l): l is LegLine & { level: string } => l.level !== null && l.kind !== 'resting')
            .map((l) => ({ ...l, id: c.id, movable: l.movable && c.status === 'armed' })),
        ),
    [q.data, symbol],
  );
  const lines = useRef<{ it: Item; line: IPriceLine }[]>([]);
  const dragging = useRef(false);

  useEffect(() => {
    if (!h) return;
    const c = readChartColors();
    const made = items.map((it) => ({
      it,
      line: h.candles.createPriceLine({
        price: Number(it.level),
        color: it.kind === 'tp' ? c.accent : c.warn,
        lineStyle: it.kind === 'trail' ? LineStyle.SparseDotted : LineStyle.LargeDashed,
        lineWidth: it.movable ? 2 : 1,
        axisLabelVisible: true,
        title: `${t(`cond.line.${it.kind}`)} ${formatNumber(it.level)}${it.movable ? ' ⇕' : ''}`,
      }),
    }));
    lines.current = made;
    return () => {
      lines.current = [];
      try {
        for (const m of made) h.candles.removePriceLine(m.line);
      } catch {
        /* chart disposed */
      }
    };
  }, [h, items, t]);

  useEffect(() => {
    const el = box.current;
    if (!h || !el) return;
    let drag: { it: Item; line: IPriceLine } | null = null;
    const yOf = (e: PointerEvent) => e.clientY - el.getBoundingClientRect().top;
    const hit = (y: number) =>
      lines.current.find((l) => {
        if (!l.it.movable) return false;
        const ly = h.candles.priceToCoordinate(l.line.options().price);
        return ly !== null && Math.abs(ly - y) <= HIT_PX;
      });
    const onDown = (e: PointerEvent) => {
      const l = hit(yOf(e));
      if (!l || e.button !== 0) return;
      drag = l;
      dragging.current = true;
      e.preventDefault();
      e.stopPropagation();
      el.setPointerCapture(e.pointerId);
      h.chart.applyOptions({ handleScroll: false, handleScale: false });
    };
    const onMove = (e: PointerEvent) => {
      const y = yOf(e);
      if (!drag) {
        const over = hit(y);
        el.style.cursor = over ? 'ns-resize' : '';
        // which line a press would grab (read by the e2e test; harmless otherwise)
        if (over) el.dataset.condHover = `${over.it.id}:${over.it.leg}`;
        else delete el.dataset.condHover;
        return;
      }
      const p = h.candles.coordinateToPrice(y);
      if (p !== null && p > 0) safely(() => drag?.line.applyOptions({ price: p }));
    };
    const onUp = async () => {
      if (!drag) return;
      const d = drag;
      drag = null;
      dragging.current = false;
      h.chart.applyOptions({ handleScroll: true, handleScale: true });
      const raw = d.line.options().price.toFixed(8); // the chart edge speaks numbers; back to a decimal string once
      const level = ranges?.length ? snapToTick(ranges, raw, 'nearest') : raw;
      if (level === d.it.level) return safely(() => d.line.applyOptions({ price: Number(d.it.level) }));
      safely(() => d.line.applyOptions({ price: Number(level) }));
      try {
        await moveLevel(d.it.id, d.it.leg, level);
        pushToast({ tone: 'ok', title: t('cond.moved', { v: formatNumber(level) }) });
      } catch (err) {
        safely(() => d.line.applyOptions({ price: Number(d.it.level) }));
        pushErrorToast(t('cond.moveFailed'), err);
      }
      void qc.invalidateQueries({ queryKey: qk.conditional() });
    };
    el.addEventListener('pointerdown', onDown, { capture: true });
    el.addEventListener('pointermove', onMove);
    el.addEventListener('pointerup', onUp);
    el.addEventListener('pointercancel', onUp);
    return () => {
      el.removeEventListener('pointerdown', onDown, { capture: true });
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerup', onUp);
      el.removeEventListener('pointercancel', onUp);
    };
  }, [h, box, ranges, qc, t]);
}
