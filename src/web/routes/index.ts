// Pages other than the trading screen (account views).
export { AssetsPage } from './AssetsPage.js';
export { AccountPage, MonitorPage, SettingsPage } from './placeholders.js';
