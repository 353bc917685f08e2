// Issue 11 items 4, 5 and 7: every order's fate is told (fills, uncertain sends), Enter confirms the
// confirmation dialog, the 100 % button equals the shown available, KRW in whole won.
import { expect, test } from './fixtures.js';
import { bestAsk, farBelowMarket, openTrading, placeViaApi } from './trading-helpers.js';

const digits = (s: string | null) => (s ?? '').replace(/[^0-9.]/g, '');

// Own stack (a distinct worker option): the balances, prevented matches and history these specs leave
// behind must not show in the other specs' lists.
test.use({ stackOptions: { seed: 1111 } });

test.afterEach(async ({ admin }) => {
  await admin.post('/admin/faults/reset', {});
  await admin.post('/admin/market/sim', { symbol: 'btc_krw', enabled: true });
  await admin.post('/admin/cancelAll', {});
});

test('Enter confirms the order confirmation dialog (focus starts on Confirm), and the order is told as open', async ({
  page,
  stack,
  shot,
}) => {
  await openTrading(page, stack.startUrl);
  await page.getByTestId('side-buy').click();
  await page.getByTestId('type-limit').check();
  await page.getByTestId('price-input').fill(await farBelowMarket(page));
  await page.getByTestId('qty-input').fill('0.0002');
  await page.getByTestId('qty-input').press('Enter');
  // Far from the last price: the ticket asks first; the primary action holds the focus.
  const dialog = page.getByTestId('confirm-order');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('confirm-order-ok')).toBeFocused();
  await shot(page, 'fate-confirm-dialog');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('order-result-ok')).toHaveAttribute('data-fate', 'open');
  await expect(page.getByTestId('toast-fate-open')).toContainText(/주문 접수|Order open/);
  await expect(page.getByTestId('open-order-row')).toHaveCount(1);

  // Escape closes without sending.
  await page.getByTestId('qty-input').fill('0.0002');
  await page.getByTestId('submit-order').click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('open-order-row')).toHaveCount(1);
});

test('a filled market order raises a fill toast and is told as filled', async ({ page, stack, shot }) => {
  await openTrading(page, stack.startUrl);
  await page.getByTestId('side-buy').click();
  await page.getByTestId('type-market').check();
  await page.getByTestId('amt-input').fill('20000');
  await page.getByTestId('submit-order').click();
  await expect(page.getByTestId('confirm-order-ok')).toBeFocused();
  await page.keyboard.press('Enter');
  const fill = page.getByTestId('toast-fill');
  await expect(fill.first()).toBeVisible();
  await expect(fill.first()).toContainText(/BTC\/KRW/);
  await expect(fill.first()).toContainText(/@ [\d,]+/);
  await expect(page.getByTestId('order-result-ok')).toHaveAttribute('data-fate', 'filled');
  await shot(page, 'fate-fill-toast');
});

test('the 100 % button equals the shown available, and KRW shows whole won', async ({
  page,
  stack,
  admin,
}) => {
  // A balance with sub-won decimals, as fees leave behind.
  await admin.post('/admin/balance', { currency: 'krw', amount: '99884097.64749' });
  await admin.post('/admin/balance', { currency: 'btc', amount: '1.123456789' });
  await openTrading(page, stack.startUrl);
  await page.getByTestId('side-buy').click();
  const avail = page.getByTestId('available');
  await expect(avail).toHaveText(/^99,884,097 KRW$/i);

  await page.getByTestId('side-sell').click();
  await page.getByTestId('type-limit').check();
  await expect(avail).toHaveText(/^1.12345678 BTC$/i);
  await page.getByTestId('pct-100').click();
  await expect(page.getByTestId('qty-input')).toHaveValue(digits(await avail.textContent()));

  // A market buy's 100 %: amount plus the fee never exceeds the shown available.
  await page.getByTestId('side-buy').click();
  await page.getByTestId('type-market').check();
  await page.getByTestId('pct-100').click();
  const amt = Number(digits(await page.getByTestId('amt-input').inputValue()));
  const shown = Number(digits(await avail.textContent()));
  expect(amt).toBeGreaterThan(shown * 0.99);
  expect(amt).toBeLessThanOrEqual(shown);

  await page.getByTestId('nav-assets').click();
  const krwRow = page.locator('tr', { hasText: /^KRW/i }).first();
  await expect(krwRow).toContainText('99,884,097');
  await expect(krwRow).not.toContainText('99,884,097.6');
});

test('an uncertain send (answer lost after the commit, lookups failing) is told as uncertain, then resolved', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  await openTrading(page, stack.startUrl);
  await page.getByTestId('side-buy').click();
  await page.getByTestId('type-limit').check();
  await page.getByTestId('price-input').fill(await farBelowMarket(page));
  await page.getByTestId('qty-input').fill('0.0003');
  // The order is committed and the connection dropped; every read fails, so neither the proxy nor the
  // dashboard can tell at first whether the order exists.
  await admin.post('/admin/faults', {
    classes: {
      order: { afterCommit: { count: 1, mode: 'drop' } },
      private: { error: { probability: 1, status: 503 } },
    },
  });
  await page.getByTestId('submit-order').click();
  await page.getByTestId('confirm-order-ok').click();
  await expect(page.getByTestId('toast-fate-uncertain')).toBeVisible({ timeout: 30_000 });
  const line = page.getByTestId('order-result-error');
  await expect(line).toHaveAttribute('data-fate', 'uncertain');
  await expect(line).toContainText(/확인하는 중|Checking/);
  await shot(page, 'fate-uncertain');

  // Reads work again: the lookup by clientOrderId finds the order, and the resolution is told.
  await admin.post('/admin/faults', { classes: { private: null } });
  await expect(page.getByTestId('order-result-ok')).toHaveAttribute('data-fate', 'open', { timeout: 30_000 });
  await expect(page.getByTestId('toast-fate-open')).toBeVisible();
  await expect(page.getByTestId('toast-fate-uncertain')).toHaveCount(0);
  await shot(page, 'fate-uncertain-resolved');
});

test('an order still uncertain when the page is reloaded is looked up again and its fate told', async ({
  page,
  stack,
  admin,
}) => {
  await openTrading(page, stack.startUrl);
  await page.getByTestId('side-buy').click();
  await page.getByTestId('type-limit').check();
  await page.getByTestId('price-input').fill(await farBelowMarket(page));
  await page.getByTestId('qty-input').fill('0.0005');
  await admin.post('/admin/faults', {
    classes: {
      order: { afterCommit: { count: 1, mode: 'drop' } },
      private: { error: { probability: 1, status: 503 } },
    },
  });
  await page.getByTestId('submit-order').click();
  await page.getByTestId('confirm-order-ok').click();
  await expect(page.getByTestId('order-result-error')).toHaveAttribute('data-fate', 'uncertain', {
    timeout: 30_000,
  });
  await page.reload();
  await expect(page.getByTestId('orderbook')).toHaveAttribute('data-status', 'live');
  await expect(page.getByTestId('toast-fate-uncertain')).toBeVisible();
  await admin.post('/admin/faults', { classes: { private: null } });
  await expect(page.getByTestId('toast-fate-open')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('order-result-ok')).toHaveAttribute('data-fate', 'open');
  // Resolved orders are not looked up again on the next load.
  expect(await page.evaluate(() => sessionStorage.getItem('kapi-uncertain-orders'))).toBeNull();
});

test('an uncertain send that never reached the exchange is told as not placed', async ({
  page,
  stack,
  admin,
}) => {
  await openTrading(page, stack.startUrl);
  await page.getByTestId('side-buy').click();
  await page.getByTestId('type-limit').check();
  await page.getByTestId('price-input').fill(await farBelowMarket(page));
  await page.getByTestId('qty-input').fill('0.0004');
  // The connection drops before the exchange processes the order, and reads fail: nobody knows yet.
  await admin.post('/admin/faults', {
    classes: {
      order: { drop: { count: 1 } },
      private: { error: { probability: 1, status: 503 } },
    },
  });
  await page.getByTestId('submit-order').click();
  await page.getByTestId('confirm-order-ok').click();
  await expect(page.getByTestId('order-result-error')).toHaveAttribute('data-fate', 'uncertain', {
    timeout: 30_000,
  });
  await admin.post('/admin/faults', { classes: { private: null } });
  // The exchange has no order with that clientOrderId: told as not placed, and nothing rests.
  const line = page.getByTestId('order-result-error');
  await expect(line).toHaveAttribute('data-fate', 'notPlaced', { timeout: 40_000 });
  await expect(line).toContainText('ORDER_NOT_FOUND');
  await expect(page.getByTestId('toast-fate-notPlaced')).toBeVisible();
  await expect(page.getByTestId('open-order-row')).toHaveCount(0);
});

test('an order stopped by self-trade prevention is told as prevented, in the ticket, a toast and its row', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  await openTrading(page, stack.startUrl);
  const price = await bestAsk(page);
  // Only this account's orders on the pair: the crossing buy can only meet the account's own sell.
  await admin.post('/admin/market/sim', { symbol: 'btc_krw', enabled: false });
  await expect(page.locator('[data-testid=ob-row][data-side=ask]')).toHaveCount(0);
  await placeViaApi(page, { symbol: 'btc_krw', side: 'sell', orderType: 'limit', price, qty: '0.001' });
  await page.getByTestId('side-buy').click();
  await page.getByTestId('type-limit').check();
  await page.getByTestId('price-input').fill(price);
  await page.getByTestId('qty-input').fill('0.001');
  await page.getByTestId('submit-order').click();
  // When it takes much of the visible opposite depth (the own sell), the pre-trade check sends it through
  // the confirmation, which lists the warning: confirm it there.
  const openConfirm = page.locator('dialog[open][data-testid=confirm-order]');
  await expect(openConfirm.or(page.getByTestId('order-result-error'))).toBeVisible();
  if (await openConfirm.isVisible()) {
    await expect(page.getByTestId('confirm-order')).toContainText(/%/);
    await page.getByTestId('confirm-order-ok').click();
  }
  const line = page.getByTestId('order-result-error');
  await expect(line).toHaveAttribute('data-fate', 'prevented');
  await expect(line).toContainText('SELF_TRADE_PREVENTION');
  await expect(page.getByTestId('toast-fate-prevented')).toContainText(/자전거래|self-trade/);
  await expect(page.getByTestId('order-result-ok')).toHaveCount(0);
  await page.getByTestId('tab-history').click();
  await expect(page.getByTestId('row-fate-prevented')).toHaveCount(1);
  await shot(page, 'fate-prevented');
});

test('fill alerts follow the Settings switches: tab title count while away, toast off tells the fill as a fate', async ({
  page,
  stack,
}) => {
  await openTrading(page, stack.startUrl);
  // The trader is looking elsewhere: the fill is counted in the tab title, cleared when the tab gets focus.
  await page.evaluate(() => {
    document.hasFocus = () => false;
  });
  const buy = async () => {
    await page.getByTestId('side-buy').click();
    await page.getByTestId('type-market').check();
    await page.getByTestId('amt-input').fill('20000');
    await page.getByTestId('submit-order').click();
    await page.getByTestId('confirm-order-ok').click();
  };
  await buy();
  await expect(page.getByTestId('toast-fill').first()).toBeVisible();
  await expect.poll(() => page.title()).toMatch(/^\(1\) (체결|Filled) · /);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect.poll(() => page.title()).not.toMatch(/^\(\d+\)/);

  // Fill toasts off (Settings > Display): the ticket's own order is still told, as a fate, not a fill toast.
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('pref-fillToast').uncheck();
  await page.getByTestId('nav-trade').click();
  await expect(page.getByTestId('orderbook')).toHaveAttribute('data-status', 'live');
  await page.evaluate(() => {
    for (const b of document.querySelectorAll<HTMLButtonElement>('[data-testid=toasts] button')) b.click();
  });
  await buy();
  await expect(page.getByTestId('toast-fate-filled')).toBeVisible();
  await expect(page.getByTestId('toast-fill')).toHaveCount(0);
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('pref-fillToast').check();
});
