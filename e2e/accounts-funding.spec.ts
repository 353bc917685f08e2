// Deposits and withdrawals on the real stack: a deposit credited in the sandbox shows up live, and a
// withdrawal is requested through an explicit confirmation and then canceled.
import { openRoute } from './accounts-helpers.js';
import { expect, test } from './fixtures.js';

test.use({ stackOptions: { historyDays: 1 } });

test('a deposit credited in the sandbox appears live in holdings and in the deposit list', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(stack.startUrl);
  await openRoute(page, 'assets');
  const btc = page.getByTestId('balance-row').filter({ hasText: /^btc/i });
  await expect(btc).toBeVisible();
  const before = ((await btc.locator('td').nth(1).textContent()) ?? '').replace(/,/g, '');

  // Credit a deposit in the sandbox (pending first, done one step later); no reload from here on.
  await admin.post('/admin/deposit', { currency: 'btc', amount: '0.25' });
  const expected = (Number(before) + 0.25).toString(); // test-side arithmetic on a small exact value
  await expect(btc.locator('td').nth(1)).toHaveText(expected, { timeout: 20_000 });
  await shot(page, 'accounts-deposit-holdings');

  await page.getByRole('tab', { name: '입금' }).click();
  const row = page.getByTestId('deposit-row').first();
  await expect(row).toContainText(/btc/i);
  await expect(row).toContainText('0.25');
  await expect(row.getByTestId('status-done')).toBeVisible({ timeout: 20_000 });
  await row.click();
  await expect(page.getByRole('dialog')).toContainText('0.25');
  await shot(page, 'accounts-deposit-detail');
  await page.keyboard.press('Escape');

  // Create a deposit address for a currency and network, then it is shown and listed.
  const addresses = page.getByTestId('deposit-addresses');
  await addresses.getByTestId('pick-currency').selectOption('eth');
  await addresses.getByTestId('create-address').click();
  await expect(addresses.getByTestId('address-shown')).toContainText('ETH');
  await expect(addresses.locator('tbody tr').filter({ hasText: /eth/i })).toHaveCount(1);
  await expect(addresses.getByTestId('create-address')).toBeDisabled(); // one address per currency and network

  // KRW deposit push: the request goes out, and the KRW deposit is listed.
  const push = page.getByTestId('krw-deposit-push');
  await push.getByRole('textbox').fill('50000');
  await push.getByRole('button').click();
  await expect(push).toContainText('휴대폰 앱');
  await expect(page.getByTestId('krw-deposits').locator('tbody tr').first()).toContainText('50,000');
  expect(errors).toEqual([]);
});

test('a withdrawal is requested with an explicit confirmation and then canceled', async ({
  page,
  stack,
  shot,
}) => {
  await page.goto(stack.startUrl);
  await openRoute(page, 'assets');
  await page.getByRole('tab', { name: '출금' }).click();
  const form = page.getByTestId('withdraw-form');
  await form.getByTestId('pick-currency').selectOption('btc');
  await expect(form.getByTestId('withdrawable')).toContainText('BTC');
  await expect(form.getByTestId('network-terms')).toContainText('0.0002 BTC'); // network fee from currencies
  const address = await form.getByTestId('withdraw-address').inputValue();
  expect(address.length).toBeGreaterThan(10);

  // Client-side check before anything is sent: below the network minimum.
  await form.getByTestId('withdraw-amount').fill('0.0001');
  await expect(form).toContainText('0.0005');
  await expect(form.getByTestId('withdraw-submit')).toBeDisabled();

  await form.getByTestId('withdraw-amount').fill('0.01');
  await form.getByTestId('withdraw-submit').click();
  const dialog = page.getByTestId('confirm-withdrawal');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(address);
  await expect(dialog).toContainText('BTC');
  await expect(dialog).toContainText('0.01 BTC');
  await expect(dialog).toContainText('0.0002 BTC');
  await expect(dialog).toContainText('0.0102 BTC'); // total debited
  await shot(page, 'accounts-withdrawal-confirm');
  await dialog.getByTestId('confirm-withdrawal-go').click();
  await expect(page.getByTestId('withdraw-result')).toBeVisible();

  const row = page.getByTestId('withdrawal-row').first();
  await expect(row).toContainText('0.01');
  const cancel = row.getByTestId('cancel-withdrawal');
  await expect(cancel).toBeEnabled();
  await cancel.click();
  await expect(row.getByTestId('status-canceled')).toBeVisible({ timeout: 15_000 });
  await expect(row.getByTestId('cancel-withdrawal')).toHaveCount(0);
  await shot(page, 'accounts-withdrawal-canceled');
});
