import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { farBelowMarket, openTrading, placeViaApi } from './trading-helpers.js';

test('order history pages through the 36 h window by time range, with filters, detail and lookup', async ({
  page,
  stack,
  shot,
}) => {
  await openTrading(page, stack.startUrl);
  // 25 resting buy orders far below the market (the simulated traders never reach them).
  const low = await farBelowMarket(page);
  const ids: number[] = [];
  for (let i = 0; i < 25; i++) {
    ids.push(
      await placeViaApi(page, {
        symbol: 'btc_krw',
        side: 'buy',
        orderType: 'limit',
        price: low,
        qty: '0.0001',
        clientOrderId: `hist-${i}`,
      }),
    );
    await page.waitForTimeout(15);
  }
  await expect(page.getByTestId('open-order-row')).toHaveCount(25);

  await page.getByTestId('tab-history').click();
  await page.getByTestId('history-limit').selectOption('10');
  const rows = page.getByTestId('history-row');
  const idsOnPage = () =>
    rows.evaluateAll((rs) => rs.map((r) => Number(r.querySelector('td:last-child')?.textContent ?? 'NaN')));

  // allOrders may lag a little behind placement.
  await expect.poll(async () => (await idsOnPage()).includes(ids[24]!), { timeout: 15_000 }).toBe(true);
  const seen = new Set<number>();
  const p1 = await idsOnPage();
  expect(p1).toHaveLength(10);
  for (const id of p1) seen.add(id);
  await shot(page, 'trading-history-page1');

  await page.getByTestId('history-older').click();
  await expect(page.getByTestId('history-page')).toContainText(/2/);
  await expect.poll(async () => (await idsOnPage()).some((id) => !seen.has(id))).toBe(true);
  const p2 = await idsOnPage();
  expect(p2.every((id) => !seen.has(id))).toBe(true);
  for (const id of p2) seen.add(id);

  await page.getByTestId('history-older').click();
  await expect(page.getByTestId('history-page')).toContainText(/3/);
  await expect.poll(async () => (await idsOnPage()).some((id) => !seen.has(id))).toBe(true);
  for (const id of await idsOnPage()) seen.add(id);
  expect(ids.every((id) => seen.has(id))).toBe(true);
  await expect(page.getByTestId('history-older')).toBeDisabled();

  await page.getByTestId('history-newer').click();
  await expect(page.getByTestId('history-page')).toContainText(/2/);

  // Filters: no sell orders were placed; every order is still open, none canceled yet.
  await page.getByTestId('history-side').selectOption('sell');
  await expect(rows).toHaveCount(0);
  await page.getByTestId('history-side').selectOption('all');
  const shownCount = await rows.count();
  expect(shownCount).toBeGreaterThan(0);
  await page.getByTestId('history-status').selectOption('canceled');
  await expect(rows).toHaveCount(0);
  await page.getByTestId('history-status').selectOption('open');
  await expect(rows).toHaveCount(shownCount);
  await page.getByTestId('history-status').selectOption('all');

  // CSV export of the page shown.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('history-csv').click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe(
    'orderId,clientOrderId,createdAt,symbol,side,orderType,timeInForce,price,qty,amt,filledQty,filledAmt,avgPrice,lastFilledAt,closedAt,status',
  );
  expect(lines).toHaveLength((await rows.count()) + 1);
  expect(csv).toContain(',btc_krw,buy,limit,gtc,');

  // Detail by clientOrderId.
  await page.getByTestId('lookup-kind').selectOption('clientOrderId');
  await page.getByTestId('lookup-input').fill('hist-3');
  await page.getByTestId('lookup-go').click();
  const detail = page.getByTestId('order-detail');
  await expect(detail).toContainText(String(ids[3]));
  await expect(detail).toContainText('hist-3');
  await shot(page, 'trading-history-detail');
  await page.keyboard.press('Escape');

  // Cancel all for the pair, paced under the cancel limit.
  await page.getByTestId('tab-open').click();
  await page.getByTestId('cancel-all').click();
  await page.getByTestId('cancel-all-ok').click();
  await expect(page.getByTestId('open-order-row')).toHaveCount(0, { timeout: 20_000 });
});
