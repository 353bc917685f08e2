// The kill switch against the sandbox's live-strict profile with TRY_AGAIN on EVERY first cancel
// (issue 18 item 3): resting orders on three accounts, the kill switch from the dashboard, and the
// run ends with no open order and a report of no failure, because the proxy's one cancel path
// resends a TRY_AGAIN cancel and confirms it by reading the order.
import { apiFromPage, openRoute } from './accounts-helpers.js';
import { expect, test } from './fixtures.js';

test.use({ stackOptions: { profile: 'live-strict', historyDays: 1 } });

test('kill switch over 3 accounts with TRY_AGAIN on every first cancel: 0 open orders, 0 failed', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  const profile = await admin.post('/admin/profile', { tryAgainCancelShare: 1 });
  expect(JSON.stringify(profile)).toContain('"tryAgainCancelShare":1');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(stack.startUrl);
  await openRoute(page, 'monitor');
  await expect(page.getByTestId('monitor-card')).toHaveCount(3);
  const placed = 12;
  for (let i = 0; i < placed; i++) {
    const r = await apiFromPage(page, 'POST', '/v2/orders', {
      symbol: i % 2 ? 'xrp_krw' : 'doge_krw',
      side: 'buy',
      orderType: 'limit',
      price: i % 2 ? '500' : '100',
      qty: i % 2 ? '20' : '100',
      accountSeq: (i % 3) + 1,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
  await expect(page.getByTestId('desk-open')).toHaveText(String(placed));
  const before = (await admin.get('/admin/profile')) as { data: { counts: { tryAgain: number } } };

  await page.keyboard.press('Control+Shift+K');
  const dialog = page.getByTestId('kill-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('kill-target')).toHaveCount(3);
  await dialog.getByTestId('kill-confirm').click();
  await expect(dialog.getByTestId('kill-progress')).toHaveAttribute('data-state', 'done', {
    timeout: 30_000,
  });
  await expect(dialog.getByTestId('kill-canceled')).toHaveText(String(placed));
  await expect(dialog.getByTestId('kill-failed')).toHaveText('0');
  await shot(page, 'killswitch-strict-report');
  // every one of those cancels was first answered TRY_AGAIN by the exchange
  const after = (await admin.get('/admin/profile')) as { data: { counts: { tryAgain: number } } };
  expect(after.data.counts.tryAgain - before.data.counts.tryAgain).toBe(placed);
  await dialog.getByTestId('kill-close').click();
  await expect(page.getByTestId('desk-open')).toHaveText('0');
  for (const accountSeq of [1, 2, 3]) {
    for (const symbol of ['xrp_krw', 'doge_krw']) {
      const o = await apiFromPage<{ data: unknown[] }>(
        page,
        'GET',
        `/v2/openOrders?symbol=${symbol}&accountSeq=${accountSeq}`,
      );
      expect(o.json.data).toEqual([]);
    }
  }
});
