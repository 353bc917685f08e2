// Pages other than the trading screen (account views).
export { AccountPage } from './AccountPage.js';
export { AssetsPage } from './AssetsPage.js';
export { MonitorPage } from './MonitorPage.js';
export { SettingsPage } from './SettingsPage.js';
