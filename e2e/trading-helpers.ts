// Helpers shared by the trading e2e specs (the stack fixture lives in fixtures.ts, owned by the lead).
import { expect, type Page } from '@playwright/test';

/** Opens the dashboard through the start URL and waits for a live book. */
export async function openTrading(page: Page, startUrl: string) {
  await page.goto(startUrl);
  await expect(page.getByTestId('orderbook')).toHaveAttribute('data-status', 'live');
  await expect(page.locator('[data-testid=ob-row][data-side=bid]').first()).toBeVisible();
}

export async function bestBid(page: Page): Promise<string> {
  const p = await page.locator('[data-testid=ob-row][data-side=bid]').first().getAttribute('data-price');
  if (!p) throw new Error('no best bid');
  return p;
}

export async function bestAsk(page: Page): Promise<string> {
  const asks = page.locator('[data-testid=ob-row][data-side=ask]');
  const p = await asks.last().getAttribute('data-price');
  if (!p) throw new Error('no best ask');
  return p;
}

/**
 * A buy price 20 % under the best bid, on a multiple of 100,000 won (on every BTC/KRW tick): far from
 * anything the simulated traders reach during a test, inside the exchange's price band.
 */
export async function farBelowMarket(page: Page): Promise<string> {
  const bid = Number(await bestBid(page));
  return String(Math.floor((bid * 0.8) / 100_000) * 100_000);
}

/** Digits only ("99,860,045 KRW" -> 99860045), for comparing displayed whole-won amounts. */
export function wholeWon(text: string | null): number {
  return Number((text ?? '').replace(/[^0-9.]/g, '').split('.')[0]);
}

/** Places an order through the proxy from the page (same origin, session cookie), returns its id. */
export async function placeViaApi(page: Page, body: Record<string, string>): Promise<number> {
  return page.evaluate(async (b) => {
    const res = await fetch('/api/v2/orders', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(b),
    });
    const json = (await res.json()) as { success: boolean; data: { orderId: number } };
    if (!json.success) throw new Error(JSON.stringify(json));
    return json.data.orderId;
  }, body);
}
