import { useSyncExternalStore } from 'react';

export const ROUTES = ['trade', 'assets', 'pnl', 'monitor', 'account', 'settings'] as const;
export type Route = (typeof ROUTES)[number];

function current(): Route {
  const h = location.hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? '';
  return (ROUTES as readonly string[]).includes(h) ? (h as Route) : 'trade';
}

/** The route now (outside React). */
export const currentRoute = current;

function subscribe(cb: () => void) {
  window.addEventListener('hashchange', cb);
  return () => window.removeEventListener('hashchange', cb);
}

/** Current hash route (`#/trade` by default). */
export function useRoute(): Route {
  return useSyncExternalStore(subscribe, current);
}

export function navigate(route: Route) {
  location.hash = `#/${route}`;
}
