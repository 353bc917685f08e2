// Small page helpers shared by the workspace, conditional, alerts, fidelity, desk and P&L specs.
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

/** Elements under `root` whose text is wider or taller than their box (clipped or overflowing). */
export async function overflowing(page: Page, rootTestId: string) {
  return page.evaluate((id) => {
    const root = document.querySelector(`[data-testid="${id}"]`);
    if (!root) return ['no root'];
    const bad: string[] = [];
    for (const el of root.querySelectorAll<HTMLElement>('*')) {
      if (!el.textContent?.trim() || el.closest('svg')) continue;
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline') {
        bad.push(
          `${el.tagName}.${el.className.toString().slice(0, 40)}: "${el.textContent.slice(0, 30)}" ${el.scrollWidth}>${el.clientWidth}`,
        );
      }
    }
    return bad;
  }, rootTestId);
}
