// The door of the investment-results (투자손익) feature: the page (route #/pnl and #/pnl/tax, its own
// chunk with the charts, loaded on first visit) and the compact panel the monitor shows.
import { lazy } from 'react';

export const PnlPage = lazy(() => import('./PnlPage.js').then((m) => ({ default: m.PnlPage })));
export { PnlPanel } from './PnlPanel.js';
