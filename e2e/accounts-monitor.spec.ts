// The multi-account monitor on the real stack: three demo accounts (two key profiles of the same
// user shown once each), updating live while orders trade, and the wall mode.
import { apiFromPage, openRoute } from './accounts-helpers.js';
import { expect, test } from './fixtures.js';

test.use({ stackOptions: { historyDays: 1 } });

test('the monitor shows the three demo accounts updating live while orders trade', async ({
  page,
  stack,
  shot,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(stack.startUrl);
  await openRoute(page, 'monitor');
  const cards = page.getByTestId('monitor-card');
  await expect(cards).toHaveCount(3);
  for (const seq of [1, 2, 3]) {
    await expect(
      page.locator(`[data-testid="monitor-card"][data-account="${seq}"] [data-testid="card-total"]`),
    ).toContainText(/\d/);
  }
  await shot(page, 'accounts-monitor-before');

  // Trade on every account: a market buy that fills against the simulated book, and a resting limit
  // buy far below the market.
  for (const seq of [1, 2, 3]) {
    const buy = await apiFromPage(page, 'POST', '/v2/orders', {
      symbol: 'xrp_krw',
      side: 'buy',
      orderType: 'market',
      amt: '20000',
      accountSeq: seq,
    });
    expect(buy.status).toBe(200);
    const rest = await apiFromPage(page, 'POST', '/v2/orders', {
      symbol: 'doge_krw',
      side: 'buy',
      orderType: 'limit',
      price: '100',
      qty: '100',
      accountSeq: seq,
    });
    expect(rest.status).toBe(200);
  }
  for (const seq of [1, 2, 3]) {
    const card = page.locator(`[data-testid="monitor-card"][data-account="${seq}"]`);
    await expect(card.getByTestId('card-fill').first()).toContainText(/xrp/i);
    await expect(card.getByTestId('card-order-pair')).toContainText(/doge\/krw/i);
    await expect(card.getByTestId('card-holdings')).toContainText(/xrp/i);
  }
  await shot(page, 'accounts-monitor-after-trades');

  await page.getByTestId('wall-open').click();
  const wall = page.getByTestId('wall-mode');
  await expect(wall).toBeVisible();
  await expect(wall.getByTestId('monitor-card')).toHaveCount(3);
  await shot(page, 'accounts-monitor-wall');
  await wall.getByTestId('wall-exit').click();
  await expect(wall).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('wall mode pages when more accounts than fit', async ({ page, stack, shot }) => {
  await page.setViewportSize({ width: 1024, height: 600 });
  await page.goto(stack.startUrl);
  await openRoute(page, 'monitor');
  await expect(page.getByTestId('monitor-card')).toHaveCount(3);
  await page.getByTestId('wall-open').click();
  const wall = page.getByTestId('wall-mode');
  // 1024x600 fits two cards side by side (36 em of 12 px each, one row): three accounts need two pages.
  await expect(wall.getByTestId('monitor-card')).toHaveCount(2);
  await expect(wall.getByTestId('wall-page')).toContainText('1 / 2');
  await wall.getByRole('button', { name: 'next page' }).click();
  await expect(wall.getByTestId('wall-page')).toContainText('2 / 2');
  await expect(wall.getByTestId('monitor-card')).toHaveCount(1);
  await shot(page, 'accounts-monitor-wall-page2');
});

test('the monitor spans several key profiles of different users', async ({ page, stack, admin, shot }) => {
  const user = await admin.post<{ data: { userId: number } }>('/admin/users', {
    name: 'desk-b',
    subAccounts: ['Alpha', 'Beta'],
  });
  const key = await admin.post<{ data: { apiKey: string; secret: string } }>('/admin/keys', {
    userId: user.data.userId,
    type: 'hmac-sha256',
    label: 'desk-b',
    allowedAccountSeqs: [1, 2, 3],
  });
  await admin.post('/admin/balance', {
    userId: user.data.userId,
    accountSeq: 2,
    currency: 'krw',
    amount: '5000000',
  });
  await page.goto(stack.startUrl);
  const added = await page.evaluate(async (k) => {
    const res = await fetch('/api/profiles', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ label: 'Desk B', apiKey: k.apiKey, type: 'hmac-sha256', secret: k.secret }),
    });
    return res.status;
  }, key.data);
  expect(added).toBe(200);
  // Added outside this page's session view (like another tab would): reload to pick up the profile list.
  await page.reload();
  await openRoute(page, 'monitor');
  // Three demo accounts (two demo profiles of one user, each account once) + three of desk B.
  await expect(page.getByTestId('monitor-card')).toHaveCount(6);
  const deskB = page.locator('[data-testid="monitor-card"]').filter({ hasText: 'Desk B' });
  await expect(deskB).toHaveCount(3);
  await expect(deskB.filter({ hasText: 'Alpha' }).getByTestId('card-total')).toContainText('5,000,000');
  await shot(page, 'accounts-monitor-two-users');
});
