// Issue 11 items 1-3 in a real browser: views follow changes made elsewhere without a reload, panels
// say when their data stopped, an open tab survives a proxy + sandbox restart on the same data
// directory, and a rotated session token ends the tab with one full-screen page.
import { expect, type Page, test } from '@playwright/test';
import { openRoute } from './accounts-helpers.js';
import { type OwnStack, ownStack } from './live-helpers.js';
import { openTrading } from './trading-helpers.js';

let st: OwnStack;
test.beforeAll(async () => {
  st = await ownStack();
  await st.start();
});
test.afterAll(async () => {
  await st?.remove();
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

const won = (n: number) => n.toLocaleString('en-US');

test('live, stale, restart and session end', async ({ page }) => {
  test.setTimeout(180_000);
  await openTrading(page, st.startUrl);

  await test.step('balances follow an admin change on screen, and one made while off screen', async () => {
    await openRoute(page, 'assets');
    await expect(page.getByTestId('balances-fresh')).toHaveAttribute('data-fresh', 'live');
    const a = 912_345_678;
    await st.admin('/admin/balance', { currency: 'krw', amount: String(a) });
    await expect(page.getByTestId('balances-table')).toContainText(won(a), { timeout: 3_500 });
    await openRoute(page, 'settings');
    await expect(page.getByTestId('balances-table')).toHaveCount(0);
    const b = 923_456_789;
    await st.admin('/admin/balance', { currency: 'krw', amount: String(b) });
    await page.waitForTimeout(4_000);
    await openRoute(page, 'assets');
    await expect(page.getByTestId('balances-table')).toContainText(won(b), { timeout: 3_000 });
  });

  await test.step('the recent deposits list shows a new deposit and its settlement while open', async () => {
    await page.getByRole('tab', { name: '입금' }).click();
    await expect(page.getByTestId('recent-deposits')).toBeVisible();
    await page.waitForTimeout(1_000);
    await st.admin('/admin/deposit', { currency: 'btc', amount: '0.4321' });
    const row = page.getByTestId('deposit-row').filter({ hasText: '0.4321' });
    await expect(row).toBeVisible({ timeout: 3_500 });
    await expect(row.getByTestId('status-done')).toBeVisible({ timeout: 8_000 });
  });

  await test.step('proxy and sandbox killed: every panel says so and order entry stops', async () => {
    await openRoute(page, 'trade');
    await expect(page.getByTestId('orderbook')).toHaveAttribute('data-status', 'live');
    await expect(page.getByTestId('book-fresh')).toHaveAttribute('data-fresh', 'live');
    await expect(page.getByTestId('submit-order')).toBeEnabled();
    await page.evaluate(() => {
      (globalThis as unknown as { __sameTab: number }).__sameTab = 1;
    });
    await st.stop('SIGKILL');
    await expect(page.getByTestId('entry-blocked')).toBeVisible();
    await expect(page.getByTestId('submit-order')).toHaveCount(0);
    for (const id of ['book-fresh', 'tape-fresh', 'price-fresh', 'chart-fresh']) {
      await expect(page.getByTestId(id)).toHaveAttribute('data-fresh', 'down');
    }
    await expect(page.getByTestId('proxy-down')).toBeVisible();
    await expect(page.locator('[data-fresh=live]')).toHaveCount(0);
    await shot(page, 'live-down');
  });

  await test.step('restarted on the same data directory: the tab recovers by itself', async () => {
    await st.start();
    await expect(page.getByTestId('book-fresh')).toHaveAttribute('data-fresh', 'live', { timeout: 30_000 });
    await expect(page.getByTestId('orderbook')).toHaveAttribute('data-status', 'live');
    await expect(page.getByTestId('proxy-down')).toHaveCount(0);
    await expect(page.getByTestId('entry-blocked')).toHaveCount(0);
    await expect(page.getByTestId('submit-order')).toBeEnabled();
    await expect(page.getByTestId('price-fresh')).toHaveAttribute('data-fresh', 'live');
    const same = await page.evaluate(() => (globalThis as unknown as { __sameTab?: number }).__sameTab);
    expect(same).toBe(1);
    await shot(page, 'live-recovered');
  });

  await test.step('a rotated session token ends the tab with one full-screen page', async () => {
    const fresh = st.rotateSession();
    await expect(page.getByTestId('session-ended')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('submit-order')).toHaveCount(0);
    await expect(page.getByTestId('orderbook')).toHaveCount(0);
    await shot(page, 'live-session-ended');
    await page.goto(fresh);
    await expect(page.getByTestId('orderbook')).toHaveAttribute('data-status', 'live');
    await expect(page.getByTestId('session-ended')).toHaveCount(0);
  });
});
