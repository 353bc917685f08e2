// Helpers shared by the account-view specs (accounts*.spec.ts).
import type { Page } from '@playwright/test';

/** Navigate inside the SPA (after the start URL has set the session cookie). */
export async function openRoute(page: Page, route: string) {
  await page.evaluate((r) => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = `#/${r}`;
  }, route);
}

/** Calls a v2 endpoint through the proxy from inside the page (same origin, session cookie, JSON). */
export async function apiFromPage<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: Record<string, unknown>,
  profileId?: string,
): Promise<{ status: number; json: T }> {
  const out = await page.evaluate(
    async ({ method, path, body, profileId }) => {
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (body) headers['Content-Type'] = 'application/json';
      if (profileId) headers['X-Profile'] = profileId;
      const res = await fetch(`/api${path}`, {
        method,
        headers,
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: await res.json() };
    },
    { method, path, body, profileId },
  );
  return out as { status: number; json: T };
}
