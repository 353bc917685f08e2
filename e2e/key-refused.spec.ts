// Issue 18 item 2 in a real browser: a key refused at the private handshake is told in place, not
// looped. With the sandbox refusing every private upgrade with KEY_EXPIRED and the private stream
// cut, the page shows the problem with its code (banner, open orders, balances) within 20 s after a
// handful of handshake attempts at most; Retry after the refusal is lifted brings the stream back.
import { openRoute } from './accounts-helpers.js';
import { expect, test } from './fixtures.js';
import { pageErrors, setPrefs } from './page-helpers.js';
import { openTrading } from './trading-helpers.js';

test.use({ stackOptions: { profile: 'live-strict' } });

interface RefusalState {
  data: { code: string | null; attempts: number; refused: number };
}

test('a refused key is told within 20 s with a handful of attempts, and Retry brings the stream back', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  test.setTimeout(120_000);
  const errors = pageErrors(page);
  await openTrading(page, stack.startUrl);
  await expect(page.getByTestId('conn-private')).toHaveAttribute('data-status', 'open');
  await expect(page.getByTestId('key-problem-banner')).toHaveCount(0);
  const before = (await admin.get<RefusalState>('/admin/ws/refusePrivate')).data;

  await admin.post('/admin/ws/refusePrivate', { code: 'KEY_EXPIRED' });
  await admin.post('/admin/faults/ws', { action: 'drop', target: 'private' });

  const banner = page.getByTestId('key-problem-banner');
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await expect(banner).toHaveAttribute('data-code', 'KEY_EXPIRED');
  await expect(banner).toContainText('KEY_EXPIRED');
  await expect(banner.getByTestId('key-problem-fix')).toContainText('새 키');
  await expect(banner.getByTestId('key-problem-doctor')).toHaveAttribute('href', '#/settings');
  // the open orders tab says it in place instead of "reconnecting"
  await expect(page.getByTestId('orders-fresh')).toHaveAttribute('data-reason', 'key');
  await expect(page.getByTestId('orders-fresh')).toContainText('KEY_EXPIRED');
  await expect(page.getByTestId('key-problem-notice').first()).toBeVisible();
  await shot(page, 'key-refused-trade-dark-ko');

  // nothing keeps knocking: a few seconds later the count has not moved past a handful
  await page.waitForTimeout(3_000);
  const during = (await admin.get<RefusalState>('/admin/ws/refusePrivate')).data;
  expect(during.refused - before.refused).toBeGreaterThanOrEqual(1);
  expect(during.refused - before.refused).toBeLessThanOrEqual(3);

  // the balances view shows it too, in English and the light theme
  await openRoute(page, 'assets');
  await expect(page.getByTestId('balances-fresh')).toHaveAttribute('data-reason', 'key');
  await setPrefs(page, { theme: 'light', language: 'en' });
  await page.reload();
  await expect(page.getByTestId('key-problem-banner')).toContainText('make a new key', { timeout: 20_000 });
  await expect(page.getByTestId('balances-panel').getByTestId('key-problem-notice')).toBeVisible();
  await shot(page, 'key-refused-assets-light-en');
  // a reload opened a new socket but made no new attempt: the profile stays stopped
  expect((await admin.get<RefusalState>('/admin/ws/refusePrivate')).data.refused).toBe(during.refused);

  // lifted, then Retry: live again, the notices go
  await admin.post('/admin/ws/refusePrivate', { code: null });
  await page.getByTestId('key-problem-banner').getByTestId('key-problem-retry').click();
  await expect(page.getByTestId('key-problem-banner')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByTestId('balances-fresh')).toHaveAttribute('data-fresh', 'live', { timeout: 10_000 });
  await expect(page.getByTestId('key-problem-notice')).toHaveCount(0);
  expect(errors).toEqual([]);
});
