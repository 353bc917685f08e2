// The door of the price-alerts feature (issue 19 item 2): the chart button and context menu, the orders
// tab, the market list's bell and the settings section. The watcher that fires alerts is started by the
// app shell (app/App.tsx).
export { AlertBell } from './AlertBell.js';
export { AlertPrefs } from './AlertPrefs.js';
export { AlertsPanel } from './AlertsPanel.js';
export { ChartAlertButton } from './ChartAlertButton.js';
export { useAlertContextMenu } from './contextMenu.js';
