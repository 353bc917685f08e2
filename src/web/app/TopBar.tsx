import { DemoOverlay } from '../features/desk/DemoOverlay.js';
import { useT } from '../lib/i18n.js';
import { navigate, ROUTES, useRoute } from './router.js';
import { AccountSelector } from './topbar/AccountSelector.js';
import { ConnectionIndicator } from './topbar/ConnectionIndicator.js';
import { PrefToggles } from './topbar/PrefToggles.js';
import { UpstreamBadge } from './topbar/UpstreamBadge.js';

export function TopBar() {
  const t = useT();
  const route = useRoute();
  return (
    <header
      className="flex h-10 shrink-0 items-center gap-3 border-b border-line bg-panel px-3 max-[1279px]:gap-2 max-[1279px]:px-2"
      data-testid="topbar"
    >
      <span className="font-bold tracking-tight text-fg">
        KAPI<span className="text-accent">·</span>
      </span>
      <nav className="flex items-stretch gap-0.5">
        {ROUTES.map((r) => (
          <button
            key={r}
            type="button"
            onClick={() => navigate(r)}
            data-testid={`nav-${r}`}
            className={`rounded px-2.5 py-1 text-[12px] whitespace-nowrap max-[1279px]:px-1 ${route === r ? 'bg-panel2 font-semibold text-fg' : 'text-dim hover:text-fg'}`}
          >
            {t(`nav.${r}`)}
          </button>
        ))}
      </nav>
      <UpstreamBadge />
      <div className="ml-auto flex min-w-0 items-center gap-3 max-[1279px]:gap-1.5">
        <AccountSelector />
        <ConnectionIndicator />
        <PrefToggles />
      </div>
      <DemoOverlay />
    </header>
  );
}
