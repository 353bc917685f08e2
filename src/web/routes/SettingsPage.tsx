// #/settings: key profiles (through the proxy), upstream, display preferences.
import { DemoPanel } from '../features/settings/DemoPanel.js';
import { DisplayPanel } from '../features/settings/DisplayPanel.js';
import { DoctorPanel } from '../features/settings/DoctorPanel.js';
import { PaperModePanel } from '../features/settings/PaperModePanel.js';
import { PreTradePrefs } from '../features/settings/PreTradePrefs.js';
import { ProfilesPanel } from '../features/settings/ProfilesPanel.js';
import { RecorderPanel } from '../features/settings/RecorderPanel.js';
import { UpstreamPanel } from '../features/settings/UpstreamPanel.js';

export function SettingsPage() {
  return (
    <div className="h-full min-h-0 overflow-auto bg-bg p-2" data-testid="settings-page">
      <div className="mx-auto grid max-w-[1400px] grid-cols-[minmax(560px,1.2fr)_minmax(420px,1fr)] gap-2">
        <ProfilesPanel />
        <div className="flex flex-col gap-2">
          <UpstreamPanel />
          <PaperModePanel />
          <DoctorPanel />
          <DisplayPanel />
          <PreTradePrefs />
          <DemoPanel />
          <RecorderPanel />
        </div>
      </div>
    </div>
  );
}
