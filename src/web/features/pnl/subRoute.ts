// The page's own part of the hash: '#/pnl' (results) or '#/pnl/tax' (tax-year report).
import { useSyncExternalStore } from 'react';

export type PnlTab = 'overview' | 'tax';

function current(): PnlTab {
  return /^#\/?pnl\/tax\b/.test(location.hash) ? 'tax' : 'overview';
}

function subscribe(cb: () => void) {
  window.addEventListener('hashchange', cb);
  return () => window.removeEventListener('hashchange', cb);
}

export function usePnlTab(): PnlTab {
  return useSyncExternalStore(subscribe, current);
}

export function openPnlTab(tab: PnlTab) {
  location.hash = tab === 'tax' ? '#/pnl/tax' : '#/pnl';
}
