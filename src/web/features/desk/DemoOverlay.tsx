// Global demo layer: presenter mode (larger type across the app, no key hints), at once so the first
// paint already has its size, and the current scenario's caption, in its own chunk (a sandbox-only
// poll that the first screen need not wait for).
import { lazy, Suspense, useEffect } from 'react';
import { useDeskPrefs } from '../../lib/deskState.js';

const Caption = lazy(() => import('./ScenarioCaption.js').then((m) => ({ default: m.ScenarioCaption })));
const Replay = lazy(() => import('./ReplayBar.js').then((m) => ({ default: m.ReplayBar })));

export const PRESENTER_ZOOM = 1.25;

export function usePresenterEffect() {
  const presenter = useDeskPrefs((s) => s.presenter);
  useEffect(() => {
    const root = document.documentElement;
    if (presenter) {
      root.dataset.presenter = '1';
      root.style.setProperty('zoom', String(PRESENTER_ZOOM));
    } else {
      delete root.dataset.presenter;
      root.style.removeProperty('zoom');
    }
  }, [presenter]);
  return presenter;
}

export function DemoOverlay() {
  usePresenterEffect();
  return (
    <Suspense fallback={null}>
      <Caption />
      <Replay />
    </Suspense>
  );
}
