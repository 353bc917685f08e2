// Trading-screen panels that load in their own chunks right after the first render (issue 12): the chart
// (lightweight-charts and the indicator library are the biggest dependencies), the order tabs and the
// market list (with its Hangul search). The order
// book and the ticket come with the first load, so the screen is usable before these arrive.
import { type ComponentProps, lazy, Suspense } from 'react';
import { Spinner } from '../../components/Spinner.js';

const Chart = lazy(() => import('./chart/PriceChart.js').then((m) => ({ default: m.PriceChart })));
const Markets = lazy(() => import('../markets/index.js').then((m) => ({ default: m.MarketSidebar })));
const Wide = lazy(() => import('./ScreenWide.js').then((m) => ({ default: m.ScreenWide })));
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
