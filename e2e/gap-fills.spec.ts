// Issue 18 item 4: fills made while the private stream is cut are shown and toasted exactly once when it
// returns (the account stream walks myTrades back to the gap's start and dedupes by trade id); with the
// stream up the same fill is toasted once too. Against the sandbox's live-strict profile.
import type { Page } from '@playwright/test';
import { type AdminClient, expect, test } from './fixtures.js';
import { bestBid, openTrading, placeViaApi } from './trading-helpers.js';

test.use({ stackOptions: { profile: 'live-strict', seed: 1818 } });

test.afterEach(async ({ admin }) => {
  await admin.post('/admin/ws/refusePrivate', { code: null });
  await admin.post('/admin/faults/reset', {});
  await admin.post('/admin/market/sim', { symbol: 'btc_krw', enabled: true });
  await admin.post('/admin/cancelAll', {});
});

/** A second user with coins, added to the proxy as its own key profile: the other side of our fills. */
async function counterparty(page: Page, admin: AdminClient): Promise<string> {
  const user = await admin.post<{ data: { userId: number } }>('/admin/users', {
    name: `gap-seller-${Date.now()}`,
  });
  const key = await admin.post<{ data: { apiKey: string; secret: string } }>('/admin/keys', {
    userId: user.data.userId,
    type: 'hmac-sha256',
    label: 'gap-seller',
  });
  await admin.post('/admin/balance', { userId: user.data.userId, currency: 'btc', amount: '1' });
  const id = await page.evaluate(async (k) => {
    const res = await fetch('/api/profiles', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ label: 'Gap seller', apiKey: k.apiKey, type: 'hmac-sha256', secret: k.secret }),
    });
    const json = (await res.json()) as { data: { profile: { id: string } } };
    return json.data.profile.id;
  }, key.data);
  expect(id).toBeTruthy();
  return id;
}

/** A limit sell from the counterparty's profile (through the proxy, not the page's active profile). */
async function sellFrom(page: Page, profileId: string, price: string, qty: string): Promise<void> {
  const ok = await page.evaluate(
    async (a) => {
      const res = await fetch('/api/v2/orders', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Profile': a.profileId },
        body: JSON.stringify({
          symbol: 'btc_krw',
          side: 'sell',
          orderType: 'limit',
          price: a.price,
          qty: a.qty,
        }),
      });
      return ((await res.json()) as { success: boolean }).success;
    },
    { profileId, price, qty },
  );
  expect(ok).toBe(true);
}

/** Counts every fill toast the page ever shows (each toast is a new element, even one replacing another). */
async function countFillToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __fillToasts: number };
    w.__fillToasts = 0;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes)
          if (n instanceof HTMLElement) {
            if (n.matches('[data-testid=toast-fill]')) w.__fillToasts++;
            w.__fillToasts += n.querySelectorAll('[data-testid=toast-fill]').length;
          }
    }).observe(document.body, { childList: true, subtree: true });
  });
}
const fillToasts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __fillToasts: number }).__fillToasts);

/** A resting buy of ours alone on a quiet book, at the price the counterparty will sell at. */
async function restingBuy(page: Page, admin: AdminClient): Promise<string> {
  const price = await bestBid(page);
  await admin.post('/admin/market/sim', { symbol: 'btc_krw', enabled: false });
  await admin.post('/admin/cancelAll', {});
  await expect(page.locator('[data-testid=ob-row]')).toHaveCount(0);
  await placeViaApi(page, { symbol: 'btc_krw', side: 'buy', orderType: 'limit', price, qty: '0.001' });
  await expect(page.getByTestId('open-order-row')).toHaveCount(1);
  return price;
}

test('a fill made while the private stream is cut is shown and toasted once after it returns', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  await page.goto(stack.startUrl);
  const seller = await counterparty(page, admin);
  await openTrading(page, stack.startUrl);
  await countFillToasts(page);
  const price = await restingBuy(page, admin);

  // Cut: the relay's upstream is dropped and every new private handshake refused (a transient 503).
  await admin.post('/admin/ws/refusePrivate', { code: 'SERVICE_UNAVAILABLE' });
  await admin.post('/admin/faults/ws', { action: 'drop', target: 'private' });
  await expect(page.getByTestId('conn-private')).not.toHaveAttribute('data-status', 'open');
  await sellFrom(page, seller, price, '0.001');
  // The stream stays down for about 20 s: nothing is told meanwhile.
  await page.waitForTimeout(18_000);
  await expect(page.getByTestId('conn-private')).not.toHaveAttribute('data-status', 'open');
  expect(await fillToasts(page)).toBe(0);

  // Restore: the stream comes back, the gap is read from REST, the fill is shown and told once.
  await admin.post('/admin/ws/refusePrivate', { code: null });
  await expect(page.getByTestId('conn-private')).toHaveAttribute('data-status', 'open', { timeout: 45_000 });
  await expect.poll(() => fillToasts(page), { timeout: 20_000 }).toBe(1);
  await expect(page.getByTestId('open-order-row')).toHaveCount(0);
  await page.getByTestId('tab-trades').click();
  await expect(page.getByTestId('my-trade-row').first()).toContainText('0.001');
  await shot(page, 'gap-fills-after-cut');
  // The backfill reads the fills once more after REST settles: still one toast.
  await page.waitForTimeout(5_000);
  expect(await fillToasts(page)).toBe(1);
});

test('with the stream up, the same fill is toasted once', async ({ page, stack, admin }) => {
  await page.goto(stack.startUrl);
  const seller = await counterparty(page, admin);
  await openTrading(page, stack.startUrl);
  await countFillToasts(page);
  const price = await restingBuy(page, admin);
  await sellFrom(page, seller, price, '0.001');
  await expect.poll(() => fillToasts(page)).toBe(1);
  await expect(page.getByTestId('open-order-row')).toHaveCount(0);
  await page.waitForTimeout(5_000);
  expect(await fillToasts(page)).toBe(1);
});

test('a gap longer than the 36-hour history says so in place', async ({ page, stack, admin, shot }) => {
  await page.clock.install();
  await openTrading(page, stack.startUrl);
  await expect(page.getByTestId('conn-private')).toHaveAttribute('data-status', 'open');
  await admin.post('/admin/ws/refusePrivate', { code: 'SERVICE_UNAVAILABLE' });
  await admin.post('/admin/faults/ws', { action: 'drop', target: 'private' });
  await expect(page.getByTestId('conn-private')).not.toHaveAttribute('data-status', 'open');
  // The page's clock moves 37 hours on while the stream is down (as a laptop asleep over a weekend).
  await page.clock.fastForward('37:00:00');
  await admin.post('/admin/ws/refusePrivate', { code: null });
  await expect(page.getByTestId('conn-private')).toHaveAttribute('data-status', 'open', { timeout: 45_000 });
  await expect(page.getByTestId('gap-notice')).toContainText(/36/);
  await shot(page, 'gap-fills-too-old');
  await page.getByTestId('tab-trades').click();
  await expect(page.getByTestId('gap-notice')).toBeVisible();
  await page.getByTestId('gap-notice').getByRole('button').click();
  await expect(page.getByTestId('gap-notice')).toHaveCount(0);
});
