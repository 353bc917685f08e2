// A key without the withdrawal permission, limited to accounts 1 and 2, added as a profile through
// the Settings page: withdrawal actions are disabled with the reason, account 3 cannot be chosen.
import { openRoute } from './accounts-helpers.js';
import { expect, test } from './fixtures.js';

test.use({ stackOptions: { historyDays: 1 } });

test('a key without withdrawal permission sees the action disabled with the reason', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  const created = await admin.post<{ data: { apiKey: string; secret: string } }>('/admin/keys', {
    type: 'hmac-sha256',
    label: 'no-withdraw',
    permissions: [
      'readBalances',
      'readOrders',
      'writeOrders',
      'readDeposits',
      'writeDeposits',
      'readWithdrawals',
      'readTransfers',
      'writeTransfers',
    ],
    allowedAccountSeqs: [1, 2],
    expiration: Date.now() + 10 * 86_400_000,
  });
  const key = created.data;
  expect(key.secret).toBeTruthy();

  await page.goto(stack.startUrl);
  await openRoute(page, 'settings');
  const form = page.getByTestId('add-profile');
  await form.getByLabel('이름').fill('Trade-only key');
  await form.getByLabel('API 키', { exact: true }).fill(key.apiKey);
  await form.getByLabel('시크릿 키').fill(key.secret);
  await form.getByTestId('add-profile-submit').click();
  await expect(form).toContainText('Trade-only key');
  // The secret field is write-only: emptied once sent, never filled back.
  await expect(form.getByLabel('시크릿 키')).toHaveValue('');
  const row = page.getByTestId('profile-row').filter({ hasText: 'Trade-only key' });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText(key.secret);
  await row.getByRole('button', { name: '사용' }).click();
  await expect(row).toContainText('사용 중');
  await shot(page, 'accounts-permissions-profile');

  await openRoute(page, 'assets');
  await page.getByRole('tab', { name: '출금' }).click();
  const submit = page.getByTestId('withdraw-submit');
  await expect(submit).toBeDisabled();
  await expect(page.getByTestId('withdraw-gate')).toContainText('출금 요청');
  await expect(page.getByTestId('withdraw-gate')).toContainText('권한이 없습니다');
  await expect(page.getByTestId('krw-withdrawal-push').getByRole('button')).toBeDisabled();
  await shot(page, 'accounts-permissions-withdraw-disabled');

  // Deposits stay available to this key.
  await page.getByRole('tab', { name: '입금' }).click();
  await expect(page.getByTestId('create-address')).toBeEnabled();

  // Account 3 is outside allowedAccountSeqs: listed, disabled, with the reason.
  await page.getByRole('tab', { name: '보유자산' }).click();
  const option3 = page.getByTestId('assets-account').locator('option[value="3"]');
  await expect(option3).toBeDisabled();
  await expect(option3).toContainText('접근할 수 없습니다');

  await openRoute(page, 'account');
  await expect(page.locator('[data-permission="writeWithdrawals"]')).toHaveAttribute('data-granted', 'false');
  await expect(page.locator('[data-permission="writeTransfers"]')).toHaveAttribute('data-granted', 'true');
  // The key expires in 10 days: under 30, so the page warns.
  await expect(page.getByTestId('expiry-warning')).toContainText(/(9|10)일/);
  await shot(page, 'accounts-permissions-key-info');
});
