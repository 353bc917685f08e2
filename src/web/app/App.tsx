import { lazy, Suspense } from 'react';
import { Spinner } from '../components/Spinner.js';
import { Toasts } from '../components/Toasts.js';
import { TradePage } from '../features/trading/TradePage.js';
import { useProfileKeyProblem } from '../lib/live/keyProblem.js';
import { useActiveProfile } from '../lib/session.js';
import { useRoute } from './router.js';
import { SessionGate } from './SessionGate.js';
import { TopBar } from './TopBar.js';

// Pages other than the trading screen load on first visit (their own chunks), so the first load carries
// only what the trading screen needs.
// The price-alert watcher and its dialogs load right after the first render instead of riding in it.
const AlertWatcher = lazy(() =>
  import('../features/alerts/AlertWatcher.js').then((m) => ({ default: m.AlertWatcher })),
);
// Fill toasts (and the look-up of orders left uncertain by a reload) and the key-problem banner are not part
// of the first paint either: the fills load right after it, the banner only once a key problem is told.
const FillAlerts = lazy(() =>
  import('../features/trading/fate/FillAlerts.js').then((m) => ({ default: m.FillAlerts })),
);
const KeyProblemNotice = lazy(() =>
  import('../features/key-problem/index.js').then((m) => ({ default: m.KeyProblemNotice })),
);
const AssetsPage = lazy(() => import('../routes/AssetsPage.js').then((m) => ({ default: m.AssetsPage })));
const MonitorPage = lazy(() => import('../routes/MonitorPage.js').then((m) => ({ default: m.MonitorPage })));
// 투자손익 (issue 21): the feature's door (a small chunk the monitor shares), then the page and its charts.
const PnlPage = lazy(() =>
  import('../features/pnl/index.js').then((m) => m.loadPnlPage()).then((m) => ({ default: m.PnlPage })),
);
const AccountPage = lazy(() => import('../routes/AccountPage.js').then((m) => ({ default: m.AccountPage })));
const SettingsPage = lazy(() =>
  import('../routes/SettingsPage.js').then((m) => ({ default: m.SettingsPage })),
);

/** The banner under the top bar, loaded once the active profile's key has a problem. */
function KeyProblemBanner() {
  const problem = useProfileKeyProblem(useActiveProfile()?.id ?? null);
  if (!problem) return null;
  return (
    <Suspense fallback={null}>
      <KeyProblemNotice variant="banner" />
    </Suspense>
  );
}

function Page() {
  const route = useRoute();
  switch (route) {
    case 'assets':
      return <AssetsPage />;
    case 'pnl':
      return <PnlPage />;
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
  // The trading screen has a narrow layout down to 1024 px (issue 13); the other pages need 1280.
  const narrowOk = useRoute() === 'trade';
  return (
    <div className={`flex h-full flex-col bg-bg text-fg ${narrowOk ? 'min-w-[1024px]' : 'min-w-[1280px]'}`}>
      <TopBar />
      <KeyProblemBanner />
      <main className="min-h-0 flex-1 overflow-auto">
        <SessionGate>
          <Suspense fallback={<Spinner />}>
            <Page />
          </Suspense>
        </SessionGate>
      </main>
      <Toasts />
      <Suspense fallback={null}>
        <FillAlerts />
        <AlertWatcher />
      </Suspense>
    </div>
  );
}
