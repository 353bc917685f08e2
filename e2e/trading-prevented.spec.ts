import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { bestAsk, openTrading, placeViaApi } from './trading-helpers.js';

// The stack is shared with the other spec files of the worker: leave the pair as found, simulated market on.
test.afterEach(async ({ admin }) => {
  await admin.post('/admin/market/sim', { symbol: 'btc_krw', enabled: true });
});

test('self-trade prevention: a buy crossing my own resting sell is stopped and listed as a prevented match, with CSV', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await openTrading(page, stack.startUrl);
  // A price the market quotes right now (on the tick grid, inside the price band).
  const price = await bestAsk(page);
  // Pause the simulated traders: their quotes leave the book, so only this account's orders rest on
  // the pair and the crossing buy can only meet the account's own sell.
  await admin.post('/admin/market/sim', { symbol: 'btc_krw', enabled: false });
  await expect(page.locator('[data-testid=ob-row][data-side=ask]')).toHaveCount(0);

  const sellId = await placeViaApi(page, {
    symbol: 'btc_krw',
    side: 'sell',
    orderType: 'limit',
    price,
    qty: '0.001',
  });
  await expect(page.locator(`[data-testid=ob-row][data-side=ask][data-price="${price}"]`)).toHaveAttribute(
    'data-own',
    'true',
  );

  // The crossing buy through the form, same account, same price and quantity.
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
  // Told as stopped by self-trade prevention, not as accepted: in the ticket and in a toast.
  await expect(page.getByTestId('order-result-error')).toHaveAttribute('data-fate', 'prevented');
  await expect(page.getByTestId('toast-fate-prevented')).toContainText(/자전거래|self-trade/);
  // Nothing traded: the own sell still rests, alone in open orders.
  await expect(page.getByTestId('open-order-row')).toHaveCount(1);

  await page.getByTestId('tab-prevented').click();
  const row = page.getByTestId('prevented-row');
  await expect(row).toHaveCount(1);
  // Cells: time, taker side, price, quantity, taker order, maker order (the resting sell).
  const cells = row.locator('td');
  await expect(cells.nth(1)).toHaveText(/매수|Buy/);
  await expect(cells.nth(2)).toHaveText(Number(price).toLocaleString('en-US'));
  await expect(cells.nth(3)).toHaveText('0.001');
  await expect(cells.nth(5)).toHaveText(String(sellId));
  await shot(page, 'trading-prevented-match');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('prevented-csv').click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('preventedMatchId,createdAt,symbol,takerSide,price,qty,takerOrderId,makerOrderId');
  expect(lines).toHaveLength(2);
  const [, , symbol, side, csvPrice, qty, takerId, makerId] = lines[1]!.split(',');
  expect([symbol, side, csvPrice, makerId]).toEqual(['btc_krw', 'buy', price, String(sellId)]);
  expect(qty).toMatch(/^0\.0010*$/);
  expect(Number(takerId)).toBeGreaterThan(sellId);
  await expect(cells.nth(4)).toHaveText(takerId!);

  // Leave no order behind for the next spec: cancel the resting sell.
  await page.getByTestId('tab-open').click();
  await page.getByTestId('open-order-row').first().getByTestId('cancel-order').click();
  await expect(page.getByTestId('open-order-row')).toHaveCount(0);
  expect(errors).toEqual([]);
});
