// Trading-screen panels that load in their own chunks right after the first render (issue 12): the chart
// (lightweight-charts and the indicator library are the biggest dependencies), the order tabs, the
// market list (with its Hangul search) and, since issue 20, the order ticket (its fields, the order rules
// and the order follow-up): the first render asks for it, so it arrives one request after the first paint.
// The order book and the tape come with the first load.
import { type ComponentProps, lazy, Suspense } from 'react';
import { Spinner } from '../../components/Spinner.js';

const Chart = lazy(() => import('./chart/PriceChart.js').then((m) => ({ default: m.PriceChart })));
const Markets = lazy(() => import('../markets/index.js').then((m) => ({ default: m.MarketSidebar })));
const Wide = lazy(() => import('./ScreenWide.js').then((m) => ({ default: m.ScreenWide })));
const Entry = lazy(() => import('./entry/OrderEntry.js').then((m) => ({ default: m.OrderEntry })));
const Tabs = lazy(() => import('./orders/BottomTabs.js').then((m) => ({ default: m.BottomTabs })));

type ChartProps = ComponentProps<typeof import('./chart/PriceChart.js').PriceChart>;
type TabsProps = ComponentProps<typeof import('./orders/BottomTabs.js').BottomTabs>;

export function PriceChart(props: ChartProps) {
  return (
    <Suspense fallback={<Spinner />}>
      <Chart {...props} />
    </Suspense>
  );
}

export function BottomTabs(props: TabsProps) {
  return (
    <Suspense fallback={<Spinner />}>
      <Tabs {...props} />
    </Suspense>
  );
}

export function MarketSidebar() {
  return (
    <Suspense fallback={null}>
      <Markets />
    </Suspense>
  );
}

/** Keys and amendment dialogs; keys pressed before they arrive are held (lib/earlyKeys.ts). */
export function ScreenWide() {
  return (
    <Suspense fallback={null}>
      <Wide />
    </Suspense>
  );
}

export function OrderEntry(props: { symbol: string }) {
  return (
    <Suspense fallback={<Spinner />}>
      <Entry {...props} />
    </Suspense>
  );
}
