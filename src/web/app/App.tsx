import { Suspense } from 'react';
import { Spinner } from '../components/Spinner.js';
import { Toasts } from '../components/Toasts.js';
import { FillAlerts } from '../features/trading/fate/FillAlerts.js';
import { TradePage } from '../features/trading/TradePage.js';
import { AccountPage, AssetsPage, MonitorPage, SettingsPage } from '../routes/index.js';
import { useRoute } from './router.js';
import { SessionGate } from './SessionGate.js';
import { TopBar } from './TopBar.js';

function Page() {
  const route = useRoute();
  switch (route) {
    case 'assets':
      return <AssetsPage />;
    case 'monitor':
      return <MonitorPage />;
    case 'account':
      return <AccountPage />;
    case 'settings':
      return <SettingsPage />;
    default:
      return <TradePage />;
  }
}

export function App() {
  return (
    <div className="flex h-full min-w-[1280px] flex-col bg-bg text-fg">
      <TopBar />
      <main className="min-h-0 flex-1 overflow-auto">
        <SessionGate>
          <Suspense fallback={<Spinner />}>
            <Page />
          </Suspense>
        </SessionGate>
      </main>
      <Toasts />
      <FillAlerts />
    </div>
  );
}
