// Settings: the connection doctor lists its checks for the active key, and a key the exchange does
// not know is refused when added (nothing saved, the reason told), while a real one says what it can do.
import { openRoute } from './accounts-helpers.js';
import { expect, test } from './fixtures.js';

test.use({ stackOptions: { historyDays: 1 } });

test('connection doctor: every check ok for the demo key, clock skew seen after a re-check', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  await page.goto(stack.startUrl);
  await openRoute(page, 'settings');
  const doctor = page.getByTestId('doctor');
  await expect(doctor.getByTestId('doctor-summary')).toHaveAttribute('data-status', 'ok');
  for (const id of ['reach', 'clock', 'stream', 'key', 'expiry', 'permissions', 'accounts', 'ip']) {
    await expect(doctor.getByTestId(`doctor-${id}`)).toHaveAttribute('data-status', 'ok');
  }
  await expect(doctor.getByTestId('doctor-ip')).toContainText('127.0.0.1');
  await shot(page, 'settings-doctor-ok');

  await admin.post('/admin/faults', { clockSkewMs: 8000 });
  try {
    await doctor.getByTestId('doctor-run').click();
    await expect(doctor.getByTestId('doctor-clock')).toHaveAttribute('data-status', 'problem');
    await expect(doctor.getByTestId('doctor-clock')).toContainText('NTP');
    await expect(doctor.getByTestId('doctor-summary')).toHaveAttribute('data-status', 'problem');
    await shot(page, 'settings-doctor-clock');
  } finally {
    await admin.post('/admin/faults/reset', {});
  }
});

test('adding a key checks it with the exchange first', async ({ page, stack, admin }) => {
  await page.goto(stack.startUrl);
  await openRoute(page, 'settings');
  const form = page.getByTestId('add-profile');
  const rows = page.getByTestId('profile-row');
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();
  await form.getByLabel('이름').fill('Bogus');
  await form.getByLabel('API 키', { exact: true }).fill('bogus-key-1234567');
  await form.getByLabel('시크릿 키').fill('not-a-real-secret');
  await form.getByTestId('add-profile-submit').click();
  await expect(form).toContainText('거래소가 이 API 키를 거부');
  await expect(form).toContainText('KEY_NOT_FOUND');
  await expect(rows).toHaveCount(before);

  const made = await admin.post<{ data: { apiKey: string; secret: string } }>('/admin/keys', {
    type: 'hmac-sha256',
    permissions: ['readBalances', 'readOrders'],
    allowedAccountSeqs: [2],
  });
  await form.getByLabel('이름').fill('Viewer');
  await form.getByLabel('API 키', { exact: true }).fill(made.data.apiKey);
  await form.getByLabel('시크릿 키').fill(made.data.secret);
  await form.getByTestId('add-profile-submit').click();
  const info = form.getByTestId('added-key-info');
  await expect(info).toContainText('자산 조회');
  await expect(info).toContainText('주문 조회');
  await expect(info).not.toContainText('주문 등록');
  await expect(info).toContainText('허용 계좌: 2');
  await expect(rows).toHaveCount(before + 1);
});
