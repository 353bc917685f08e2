// A transfer between two of the demo user's accounts: preview, result, and both balances changed.
import { openRoute } from './accounts-helpers.js';
import { expect, test } from './fixtures.js';

test.use({ stackOptions: { historyDays: 1 } });

test('a transfer between accounts previews, succeeds and changes both balances', async ({
  page,
  stack,
  shot,
}) => {
  await page.goto(stack.startUrl);
  await openRoute(page, 'assets');
  await page.getByRole('tab', { name: '계좌 간 이체' }).click();
  const form = page.getByTestId('transfer-form');
  await form.getByTestId('transfer-to').selectOption('2');
  await form.getByTestId('transfer-currency').selectOption('krw');
  const preview = form.getByTestId('transfer-preview');
  await expect(preview).toContainText('100,000,000');
  await expect(preview).toContainText('30,000,000');

  await form.getByTestId('transfer-amount').fill('1234567');
  await expect(preview).toContainText('98,765,433');
  await expect(preview).toContainText('31,234,567');
  await shot(page, 'accounts-transfer-preview');
  await form.getByTestId('transfer-submit').click();
  await expect(form.getByTestId('transfer-result')).toContainText('#1 → #2');

  // Both balances moved (the preview's "before" column follows the live balances).
  await expect(preview).toContainText('98,765,433');
  await expect(preview).toContainText('31,234,567');
  const row = page.getByTestId('transfer-row').first();
  await expect(row).toContainText('1,234,567');
  await row.click();
  await expect(page.getByTestId('transfer-detail')).toContainText('#2');
  await page.keyboard.press('Escape');
  await shot(page, 'accounts-transfer-done');

  // Holdings of each account agree.
  await page.getByRole('tab', { name: '보유자산' }).click();
  const krw = page.getByTestId('balance-row').filter({ hasText: /^krw/i });
  await page.getByTestId('assets-account').selectOption('1');
  await expect(krw.locator('td').nth(1)).toHaveText('98,765,433');
  await page.getByTestId('assets-account').selectOption('2');
  await expect(krw.locator('td').nth(1)).toHaveText('31,234,567');
});
