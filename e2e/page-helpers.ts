// Small page helpers shared by the workspace, conditional, alerts and fidelity specs.
import type { Page } from '@playwright/test';

/** Collects the page's uncaught errors; a spec ends with `expect(errors).toEqual([])`. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** Merges `patch` into the stored UI preferences (zustand `kapi-prefs`); they apply on the next load. */
export async function setPrefs(page: Page, patch: Record<string, unknown>): Promise<void> {
  await page.evaluate((patch) => {
    const raw = localStorage.getItem('kapi-prefs');
    const p = raw ? JSON.parse(raw) : { state: {}, version: 1 };
    p.state = { ...p.state, ...patch };
    localStorage.setItem('kapi-prefs', JSON.stringify(p));
  }, patch);
}
