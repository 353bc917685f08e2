export function AssetsPage() {
  return <div className="p-4 text-dim">Assets</div>;
}
export function MonitorPage() {
  return <div className="p-4 text-dim">Monitor</div>;
}
export function AccountPage() {
  return <div className="p-4 text-dim">Account</div>;
}
export function SettingsPage() {
  return <div className="p-4 text-dim">Settings</div>;
}
