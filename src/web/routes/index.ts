// Pages other than the trading screen. Placeholders until the account views land.
export { AccountPage, AssetsPage, MonitorPage, SettingsPage } from './placeholders.js';
