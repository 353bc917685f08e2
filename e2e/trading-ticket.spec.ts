import { expect, test } from './fixtures.js';
import { openTrading } from './trading-helpers.js';

// The simulated traders are paused on both pairs once the page is up, so the last price holds still
// while it is compared (paused, their quotes leave the book).
test.afterEach(async ({ admin }) => {
  for (const symbol of ['btc_krw', 'eth_krw'])
    await admin.post('/admin/market/sim', { symbol, enabled: true });
});

test('the limit price starts at the last price, once per market, never over what the user typed', async ({
  page,
  stack,
  admin,
}) => {
  await openTrading(page, stack.startUrl);
  const price = page.getByTestId('price-input');
  const last = page.getByTestId('last-price');
  await page.getByTestId('type-limit').check();
  // filled at once from the live ticker (the market still moves here, so only that it is a price)
  await expect(price).toHaveValue(/^\d{1,3}(,\d{3})+$/);
  for (const symbol of ['btc_krw', 'eth_krw'])
    await admin.post('/admin/market/sim', { symbol, enabled: false });

  // a new market starts at its own last price
  await page.getByTestId('market-row-eth_krw').click();
  await expect(page.getByTestId('symbol-selector')).toContainText('ETH/KRW');
  await expect(last).toHaveText(/\d/);
  await expect(price).toHaveValue((await last.textContent())!.trim());

  // cleared by hand: stays empty
  await price.fill('');
  await page.getByTestId('qty-input').click();
  await page.waitForTimeout(1000);
  await expect(price).toHaveValue('');

  // back on BTC/KRW: its own last price again
  // (by keyboard this time: the name's button, Enter)
  await page
    .getByTestId('market-row-btc_krw')
    .getByRole('button', { name: /비트코인/ })
    .press('Enter');
  await expect(page.getByTestId('symbol-selector')).toContainText('BTC/KRW');
  await expect(price).toHaveValue((await last.textContent())!.trim());

  // a price typed is kept when the side changes
  await price.fill('4000000');
  await page.getByTestId('side-sell').click();
  await expect(price).toHaveValue('4,000,000');
});

test('the order total: typing it sets the quantity rounded down, and it shows price x quantity', async ({
  page,
  stack,
}) => {
  await openTrading(page, stack.startUrl);
  await page.getByTestId('type-limit').check();
  const price = page.getByTestId('price-input');
  await price.fill('100000000');
  const total = page.getByTestId('total-input');
  await total.click();
  await total.pressSequentially('123456');
  // 123,456 / 100,000,000 = 0.00123456 exactly; the text typed stays while the field has the focus
  await expect(page.getByTestId('qty-input')).toHaveValue('0.00123456');
  await expect(total).toHaveValue('123,456');
  await total.fill('100000');
  await expect(page.getByTestId('qty-input')).toHaveValue('0.001');
  // a price that does not divide it: the quantity is rounded down, the total shown after is not above it
  await price.fill('99999000');
  await total.fill('100000');
  await expect(page.getByTestId('qty-input')).toHaveValue('0.00100001');
  await page.getByTestId('qty-input').click();
  await expect(total).toHaveValue('100,000');
  await page.getByTestId('qty-input').fill('0.5');
  await expect(total).toHaveValue('49,999,500');
  // market orders have no total field: their amount is its own field
  await page.getByTestId('type-market').check();
  await expect(total).toHaveCount(0);
});
