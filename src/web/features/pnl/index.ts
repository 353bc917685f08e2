// The door of the investment-results (투자손익) feature: the page (route #/pnl and #/pnl/tax; its own chunk
// with the charts, fetched by loadPnlPage on first visit) and the compact panel the monitor shows.
import './strings.js';

export const loadPnlPage = () => import('./PnlPage.js');
export { PnlPanel } from './PnlPanel.js';
