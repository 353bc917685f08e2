// Price lines on the candles: the user's open orders (drag one to amend it; a line standing for several
// orders at one price moves them all), the user's own horizontal lines
// (place from the toolbar, drag to move, double-click to remove) and lines other features register through
// chartLines (e.g. conditional triggers). Dragging takes the pointer before the chart sees it, so the chart
// does not pan while a line moves; the drop price is snapped to the pair's tick.
import { useQueryClient } from '@tanstack/react-query';
import { type IPriceLine, LineStyle } from 'lightweight-charts';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { cmp } from '../../../../../core/decimal.js';
import type { TickRange } from '../../../../../core/tick.js';
import { chartLines, type LineTone } from '../../../../lib/chart/chartLines.js';
import { readChartColors } from '../../../../lib/chart/chartTheme.js';
import type { ChartHandles } from '../../../../lib/chart/useChart.js';
import { formatNumber } from '../../../../lib/format.js';
import { useT } from '../../../../lib/i18n.js';
import { qk } from '../../../../lib/queryKeys.js';
import { useActiveAccountSeq, useActiveProfileId } from '../../../../lib/session.js';
import type { OpenOrder } from '../../../../lib/types.js';
import { usePrefs } from '../../../../store/prefs.js';
import { type AmendTarget, openAmend, openGroupAmend } from '../../../amend/index.js';
import type { ChartOrder } from '../chartRecords.js';
import { droppedPrice, lineAt } from './dragMath.js';
import { useUserLines } from './userLines.js';

interface Drawn {
  /** What the line is (tests and the cursor read it): an own order, a user line, another feature's line. */
  kind?: 'order' | 'user' | 'extra';
  line: IPriceLine;
  price: number;
  onDrop?: (price: string) => void;
  onRemove?: () => void;
}

const STYLE = { solid: LineStyle.Solid, dashed: LineStyle.Dashed, dotted: LineStyle.Dotted } as const;

export function useLineLayer(
  h: ChartHandles | null,
  box: React.RefObject<HTMLDivElement | null>,
  symbol: string,
  policy: readonly TickRange[],
  orders: readonly ChartOrder[],
) {
  const t = useT();
  const qc = useQueryClient();
  const profileId = useActiveProfileId();
  const accountSeq = useActiveAccountSeq();
  const theme = usePrefs((s) => s.theme);
  const scheme = usePrefs((s) => s.colorScheme);
  const extras = useSyncExternalStore(chartLines.subscribe, chartLines.getAll);
  const mine = useUserLines((s) => s.bySymbol[symbol]);
  const drawn = useRef<Drawn[]>([]);
  const policyRef = useRef(policy);
  policyRef.current = policy;

  // biome-ignore lint/correctness/useExhaustiveDependencies: theme and scheme re-read the CSS colors
  useEffect(() => {
    if (!h) return;
    const c = readChartColors();
    const tone = (x: LineTone | undefined) => c[x ?? 'accent'];
    const items: Drawn[] = [];
    const add = (
      price: string,
      opts: Parameters<typeof h.candles.createPriceLine>[0],
      extra: Partial<Drawn> = {},
    ) => {
      items.push({
        line: h.candles.createPriceLine({ ...opts, price: Number(price) }),
        price: Number(price),
        ...extra,
      });
    };
    // An order as the amendment dialogs take it, from the open-orders cache (the line only has a summary).
    const target = (x: OpenOrder, proposedPrice?: string): AmendTarget | null =>
      x.price && x.qty
        ? {
            orderId: x.orderId,
            symbol,
            side: x.side,
            price: x.price,
            qty: x.qty,
            filledQty: x.filledQty,
            clientOrderId: x.clientOrderId,
            proposedPrice,
          }
        : null;
    for (const o of orders) {
      add(
        o.price,
        {
          price: 0,
          color: o.side === 'buy' ? c.up : c.down,
          lineStyle: LineStyle.Dashed,
          lineWidth: 1,
          axisLabelVisible: true,
          title: `${o.side === 'buy' ? t('trade.buy') : t('trade.sell')} ${formatNumber(o.remaining, { dp: 4 })}${o.count > 1 ? ` ×${o.count}` : ''}`,
        },
        {
          kind: 'order',
          // one order: the amendment dialog; several at this price: the group dialog moves them together
          onDrop: (price) => {
            const list = qc.getQueryData<OpenOrder[]>(qk.openOrders(profileId, accountSeq, symbol)) ?? [];
            if (o.count === 1) {
              const one = list.find((x) => x.orderId === o.orderId);
              const t1 = one && target(one, price);
              if (t1) openAmend(t1);
              return;
            }
            const at = list
              .filter((x) => x.side === o.side && x.price != null && cmp(x.price, o.price) === 0)
              .map((x) => target(x))
              .filter((x): x is AmendTarget => x !== null);
            if (at.length > 0)
              openGroupAmend({ symbol, side: o.side, price: o.price, orders: at, proposedPrice: price });
          },
        },
      );
    }
    for (const l of mine ?? []) {
      add(
        l.price,
        {
          price: 0,
          color: c.warn,
          lineStyle: LineStyle.Solid,
          lineWidth: 1,
          axisLabelVisible: true,
          title: '',
        },
        {
          kind: 'user',
          onDrop: (price) => useUserLines.getState().move(symbol, l.id, price),
          onRemove: () => useUserLines.getState().remove(symbol, l.id),
        },
      );
    }
    for (const x of extras) {
      if (x.symbol !== symbol) continue;
      add(
        x.price,
        {
          price: 0,
          color: tone(x.tone),
          lineStyle: STYLE[x.style ?? 'dotted'],
          lineWidth: 1,
          axisLabelVisible: true,
          title: x.title ?? '',
        },
        x.onDrag ? { kind: 'extra', onDrop: x.onDrag } : {},
      );
    }
    drawn.current = items;
    return () => {
      drawn.current = [];
      try {
        for (const d of items) h.candles.removePriceLine(d.line);
      } catch {
        /* chart disposed */
      }
    };
  }, [h, orders, mine, extras, symbol, t, theme, scheme, qc, profileId, accountSeq]);

  // Pointer: place a line, drag a draggable one, double-click to remove a removable one.
  useEffect(() => {
    const el = box.current;
    if (!h || !el) return;
    const yOf = (e: MouseEvent) => e.clientY - el.getBoundingClientRect().top;
    const hit = (y: number) => {
      const items = drawn.current;
      const i = lineAt(
        items.map((d) => (d.onDrop ? h.candles.priceToCoordinate(d.price) : null)),
        y,
      );
      return i >= 0 ? items[i]! : null;
    };
    let dragging: { d: Drawn; moved: boolean } | null = null;

    const onDown = (e: MouseEvent) => {
      if (e.button !== 0) return;
      const y = yOf(e);
      if (useUserLines.getState().placing) {
        const p = droppedPrice(h.candles.coordinateToPrice(y) ?? Number.NaN, policyRef.current);
        if (p) useUserLines.getState().add(symbol, p);
        e.preventDefault();
        e.stopPropagation();
        return;
      }
      const d = hit(y);
      if (!d) return;
      dragging = { d, moved: false };
      e.preventDefault();
      e.stopPropagation();
    };
    const onMove = (e: MouseEvent) => {
      const y = yOf(e);
      if (!dragging) {
        const over = hit(y);
        el.style.cursor = useUserLines.getState().placing ? 'crosshair' : over ? 'ns-resize' : '';
        el.dataset.hoverLine = over ? (over.kind ?? '') : '';
        return;
      }
      const raw = h.candles.coordinateToPrice(y);
      if (raw === null) return;
      dragging.moved = true;
      dragging.d.line.applyOptions({ price: raw });
    };
    const onUp = (e: MouseEvent) => {
      if (!dragging) return;
      const { d, moved } = dragging;
      dragging = null;
      if (!moved) return;
      const p = droppedPrice(h.candles.coordinateToPrice(yOf(e)) ?? Number.NaN, policyRef.current);
      d.line.applyOptions({ price: d.price }); // back until the owner confirms the move
      if (p) d.onDrop?.(p);
    };
    const onDbl = (e: MouseEvent) => {
      const d = hit(yOf(e));
      if (d?.onRemove) {
        d.onRemove();
        e.stopPropagation();
      }
    };
    el.addEventListener('mousedown', onDown, true);
    el.addEventListener('dblclick', onDbl, true);
    el.addEventListener('mousemove', onMove);
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp);
    return () => {
      el.removeEventListener('mousedown', onDown, true);
      el.removeEventListener('dblclick', onDbl, true);
      el.removeEventListener('mousemove', onMove);
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
    };
  }, [h, box, symbol]);
}
