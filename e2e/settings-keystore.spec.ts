// Settings (issue 18 item 9): a key added for the live exchange is kept encrypted. The form asks for a keystore
// passphrase (or an explicit "store unencrypted"), the proxy seals the keystore, and once a passphrase is in effect
// nothing more is asked. 0.0.0.0 reaches the local sandbox yet is not a loopback name, so both the form and the
// proxy take it for a live exchange.
import { openRoute } from './accounts-helpers.js';
import { expect, test } from './fixtures.js';

test.use({ stackOptions: { historyDays: 1 } });

test('a key for the live exchange asks for a keystore passphrase, then seals the keystore', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  const liveLike = stack.restUrl.replace('127.0.0.1', '0.0.0.0');
  const newKey = () =>
    admin.post<{ data: { apiKey: string; secret: string } }>('/admin/keys', {
      type: 'hmac-sha256',
      permissions: ['readBalances'],
      allowedAccountSeqs: [1],
    });
  await page.goto(stack.startUrl);
  await openRoute(page, 'settings');
  const form = page.getByTestId('add-profile');
  const rows = page.getByTestId('profile-row');
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();

  // the sandbox's own upstream: nothing is asked
  await expect(form.getByTestId('keystore-protection')).toHaveCount(0);

  const made = await newKey();
  await form.getByLabel('이름').fill('Live-like');
  await form.getByLabel('API 키', { exact: true }).fill(made.data.apiKey);
  await form.getByLabel('시크릿 키').fill(made.data.secret);
  await form.locator('#pf-upstream').selectOption('custom');
  await form.getByPlaceholder('http://127.0.0.1:9999').fill(liveLike);
  const protection = form.getByTestId('keystore-protection');
  await expect(protection).toBeVisible();
  const submit = form.getByTestId('add-profile-submit');
  await expect(submit).toBeDisabled();
  await protection.getByLabel('암호', { exact: true }).fill('correct horse');
  await protection.getByLabel('암호 확인').fill('correct hors');
  await expect(protection.getByTestId('keystore-problem')).toContainText('두 암호가 다릅니다');
  await expect(submit).toBeDisabled();
  await protection.getByLabel('암호 확인').fill('correct horse');
  await expect(submit).toBeEnabled();
  await shot(page, 'settings-keystore-passphrase');
  await submit.click();
  await expect(form.getByTestId('keystore-sealed')).toBeVisible();
  await expect(rows).toHaveCount(before + 1);
  await shot(page, 'settings-keystore-sealed');

  // a passphrase is in effect now: the next live key asks nothing more
  const second = await newKey();
  await form.getByLabel('API 키', { exact: true }).fill(second.data.apiKey);
  await form.getByLabel('시크릿 키').fill(second.data.secret);
  await form.locator('#pf-upstream').selectOption('custom');
  await form.getByPlaceholder('http://127.0.0.1:9999').fill(liveLike);
  await expect(form.getByTestId('keystore-protection')).toHaveCount(0);
  await form.getByTestId('add-profile-submit').click();
  await expect(rows).toHaveCount(before + 2);
});
