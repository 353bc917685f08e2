// Live-shaped funding data on the real stack (issue 10): a withdrawal address registered for any asset
// of its network is listed without a currency and offered for a currency on that network; the withdrawable
// amount comes from the array answer; a withdrawal's detail is looked up with its currency.
import { openRoute } from './accounts-helpers.js';
import { expect, test } from './fixtures.js';
import { pageErrors } from './page-helpers.js';

test.use({ stackOptions: { historyDays: 1 } });

test('any-asset withdrawal address, withdrawable amount from the array answer, detail by currency', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  const errors = pageErrors(page);
  await admin.post('/admin/balance', { currency: 'usdt', amount: '500' });
  await page.goto(stack.startUrl);
  await openRoute(page, 'assets');
  await page.getByRole('tab', { name: '출금' }).click();

  const list = page.getByTestId('withdrawable-addresses');
  const anyRow = list.locator('tbody tr').filter({ hasText: 'TSandboxDemoAnyAssetWallet' });
  await expect(anyRow).toContainText('모든 자산');

  const form = page.getByTestId('withdraw-form');
  await form.getByTestId('pick-currency').selectOption('usdt');
  await form.getByTestId('pick-network').selectOption('TRX');
  await expect(form.getByTestId('withdraw-address')).toHaveValue(/TSandboxDemoAnyAssetWallet/);
  // 500 available minus the default network's (ETH) fee of 5, read from the array answer's usdt row
  await expect(form.getByTestId('withdrawable')).toContainText('495');
  await form.getByTestId('withdraw-amount').fill('20');
  await form.getByTestId('withdraw-submit').click();
  await page.getByTestId('confirm-withdrawal-go').click();
  await expect(page.getByTestId('withdraw-result')).toBeVisible();

  const row = page.getByTestId('withdrawal-row').first();
  await expect(row).toContainText(/usdt/i);
  await row.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('TSandboxDemoAnyAssetWallet');
  await expect(dialog).toContainText('20');
  await shot(page, 'fidelity-withdrawal-detail');
  await page.keyboard.press('Escape');
  await shot(page, 'fidelity-withdrawals');
  expect(errors).toEqual([]);
});

test('a currency without networks (krw, live shape) still has its row in the currencies panel', async ({
  page,
  stack,
  shot,
}) => {
  await page.goto(stack.startUrl);
  await openRoute(page, 'account');
  const panel = page.getByTestId('currencies');
  const krw = panel.locator('tbody tr').filter({ hasText: /^krw/i });
  await expect(krw).toHaveCount(1);
  await expect(krw).toContainText('5,000'); // the top-level withdrawalMinAmount
  await expect(panel.locator('tbody tr').filter({ hasText: /^btc/i })).toContainText('0.0002');
  await shot(page, 'fidelity-currencies');
});
