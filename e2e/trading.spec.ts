import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { bestAsk, bestBid, farBelowMarket, openTrading, wholeWon } from './trading-helpers.js';

// Tests share one stack: whatever a test paused, the next one gets the simulated market back.
test.afterEach(async ({ admin }) => {
  await admin.post('/admin/market/sim', { symbol: 'btc_krw', enabled: true });
});

test('limit order through the form: snapped price, open orders, marked on the book, then canceled', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await openTrading(page, stack.startUrl);
  await expect(page.getByTestId('upstream-badge')).toHaveText(/SANDBOX/);

  // An off-tick buy price below the market rests on the book; the form snaps it down to the tick.
  // A price inside the visible ladder (5th bid level) plus a few won: off tick, below the best bid.
  const level5 = await page.locator('[data-testid=ob-row][data-side=bid]').nth(4).getAttribute('data-price');
  // The simulated traders could sell into a bid that close to the market: pause them on this pair
  // (their quotes leave the book) so the order surely rests until the test cancels it.
  await admin.post('/admin/market/sim', { symbol: 'btc_krw', enabled: false });
  const typed = String(Number(level5) + 7);
  await page.getByTestId('side-buy').click();
  await page.getByTestId('type-limit').check();
  await page.getByTestId('price-input').fill(typed);
  await page.getByTestId('qty-input').click();
  const note = page.getByTestId('snap-note');
  await expect(note).toBeVisible();
  const snapped = (await page.getByTestId('price-input').inputValue()).replace(/,/g, '');
  expect(Number(snapped)).toBeLessThan(Number(typed));
  await expect(note).toContainText(Number(snapped).toLocaleString('en-US'));

  await page.getByTestId('qty-input').fill('0.001');
  // Keyboard submit: Enter in the ticket sends the order.
  await page.getByTestId('qty-input').press('Enter');
  await expect(page.getByTestId('order-result-ok')).toBeVisible();

  const row = page.getByTestId('open-order-row');
  await expect(row).toHaveCount(1);
  await expect(row.first()).toContainText(Number(snapped).toLocaleString('en-US'));
  // The resting order shows on the ladder (own-order mark) at its price.
  const own = page.locator(`[data-testid=ob-row][data-side=bid][data-price="${snapped}"]`);
  await expect(own).toHaveAttribute('data-own', 'true');
  await shot(page, 'trading-limit-order-resting');

  await row.first().getByTestId('cancel-order').click();
  await expect(page.getByTestId('open-order-row')).toHaveCount(0);
  await expect(page.locator('[data-own=true]')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('market buy: confirmation, fill in my trades, balance changes', async ({ page, stack, shot }) => {
  await openTrading(page, stack.startUrl);
  const available = page.getByTestId('available');
  await expect(available).toContainText(/\d/);
  const before = wholeWon(await available.textContent());

  await page.getByTestId('side-buy').click();
  await page.getByTestId('type-market').check();
  await page.getByTestId('amt-input').fill('20000');
  await page.getByTestId('submit-order').click();
  const dialog = page.getByTestId('confirm-order');
  await expect(dialog).toBeVisible();
  await shot(page, 'trading-market-confirm');
  await page.getByTestId('confirm-order-ok').click();
  await expect(page.getByTestId('order-result-ok')).toBeVisible();

  await expect.poll(async () => wholeWon(await available.textContent())).toBeLessThan(before - 19_000);
  await page.getByTestId('tab-trades').click();
  await expect(page.getByTestId('my-trade-row').first()).toBeVisible();
  await expect(page.getByTestId('my-trades')).toContainText(/매수|Buy/);
  // CSV export of my trades: header plus one line per row shown, with the fill.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('trades-csv').click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toMatch(/^tradeId,orderId,tradedAt,symbol,side,price,qty/);
  expect(lines).toHaveLength((await page.getByTestId('my-trade-row').count()) + 1);
  expect(csv).toContain(',btc_krw,buy,');
  await page.getByTestId('tab-balances').click();
  await shot(page, 'trading-after-market-buy');
});

test('min order value and tick feedback before sending; sell snaps up', async ({ page, stack, shot }) => {
  await openTrading(page, stack.startUrl);
  await page.getByTestId('type-limit').check();
  await page.getByTestId('side-buy').click();
  // Clicking a price on the ladder fills the order price; clicking a size fills the quantity.
  // (Read the row's price and click it in one task: the streaming book cannot change in between.)
  const clicked = (await page.evaluate(`(() => {
    const row = document.querySelector('[data-testid=ob-row][data-side=bid]');
    row.querySelector('[data-testid=book-price]').click();
    return row.getAttribute('data-price');
  })()`)) as string;
  expect(Number(clicked)).toBeGreaterThan(0);
  await expect(page.getByTestId('price-input')).toHaveValue(Number(clicked).toLocaleString('en-US'));
  await page.locator('[data-testid=ob-row][data-side=ask]').last().getByTestId('book-qty').click();
  await expect(page.getByTestId('qty-input')).toHaveValue(/^\d+(\.\d+)?$/);
  const bid = await bestBid(page);
  await page.getByTestId('price-input').fill(bid);
  await page.getByTestId('qty-input').fill('0.00001');
  const err = page.getByTestId('value-error');
  await expect(err).toContainText('ORDER_VALUE_TOO_SMALL');
  await expect(err).toContainText('5,000');
  await expect(page.getByTestId('submit-order')).toBeDisabled();
  await shot(page, 'trading-min-value');

  // Sell side rounds up to the tick.
  await page.getByTestId('side-sell').click();
  const ask = Number(await bestAsk(page));
  const typed = String(Math.floor(ask * 1.05) + 3);
  await page.getByTestId('price-input').fill(typed);
  await page.getByTestId('qty-input').click();
  await expect(page.getByTestId('snap-note')).toBeVisible();
  const snapped = Number((await page.getByTestId('price-input').inputValue()).replace(/,/g, ''));
  expect(snapped).toBeGreaterThan(Number(typed));
});

test('order book grouping uses the pair levels', async ({ page, stack, shot }) => {
  await openTrading(page, stack.startUrl);
  const select = page.getByTestId('book-grouping');
  const values = () =>
    select.locator('option').evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value));
  // the levels come with the pair list, which can arrive after the book panel
  await expect
    .poll(async () => (await values()).filter(Boolean).length, { timeout: 10_000 })
    .toBeGreaterThan(0)
    .catch(() => {});
  const levels = await select
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value));
  const level = levels.filter(Boolean).at(-1);
  expect(level, 'the pair publishes orderbookLevels').toBeTruthy();
  await select.selectOption(level!);
  await expect(page.getByTestId('orderbook')).toHaveAttribute('data-status', 'live');
  await expect
    .poll(async () => {
      const prices = await page
        .locator('[data-testid=ob-row]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-price') ?? ''));
      return prices.length > 0 && prices.every((p) => Number.isInteger(Number(p) / Number(level)));
    })
    .toBe(true);
  const bid = Number(await bestBid(page));
  const ask = Number(await bestAsk(page));
  expect(ask).toBeGreaterThan(bid);
  await shot(page, 'trading-book-grouped');
  await select.selectOption('');
});

test('the ticket is disabled with a reason when the pair is stopped or the key cannot place orders', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  await openTrading(page, stack.startUrl);
  await expect(page.getByTestId('submit-order')).toBeEnabled();

  await admin.post('/admin/market/status', { symbol: 'btc_krw', status: 'stopped' });
  await page.reload();
  await expect(page.getByTestId('entry-blocked')).toContainText(/거래가 중지|stopped/);
  await expect(page.getByTestId('submit-order')).toHaveCount(0);
  // The stopped pair is under a market alert: flagged beside the current symbol and in the picker,
  // which the keyboard shortcut opens and Escape closes.
  await expect(page.getByTestId('symbol-alert-current')).toBeVisible();
  await page.keyboard.press('/');
  await expect(page.getByTestId('symbol-alert-btc_krw')).toBeVisible();
  await expect(page.getByTestId('symbol-alert-eth_krw')).toHaveCount(0);
  await shot(page, 'trading-symbol-alert');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('symbol-search')).toHaveCount(0);
  await admin.post('/admin/market/status', { symbol: 'btc_krw', status: 'launched' });

  const apiKey = stack.credentials.hmac.apiKey;
  await admin.post('/admin/keys/update', { apiKey, permissions: ['readBalances', 'readOrders'] });
  await page.reload();
  await expect(page.getByTestId('entry-blocked')).toContainText('writeOrders');
  await shot(page, 'trading-blocked-no-write');
  await admin.post('/admin/keys/update', {
    apiKey,
    permissions: ['readBalances', 'readOrders', 'writeOrders', 'readDeposits', 'readWithdrawals'],
  });
});

test('an accepted order that expires (no balance) is reported with its code', async ({ page, stack }) => {
  await openTrading(page, stack.startUrl);
  await page.getByTestId('side-sell').click();
  // Far more BTC than the demo account holds, at the best bid: accepted, then expired by the exchange.
  await page.getByTestId('price-input').fill(await bestBid(page));
  await page.getByTestId('qty-input').fill('5');
  await page.getByTestId('submit-order').click();
  // 5 BTC is far above the large-order threshold: the confirmation always comes first.
  await page.getByTestId('confirm-order-ok').click();
  await expect(page.getByTestId('order-result-error')).toContainText('EXPIRED');
});

test('panel sizes persist across reloads', async ({ page, stack }) => {
  await openTrading(page, stack.startUrl);
  const bottom = page.getByTestId('bottom-tabs');
  const before = (await bottom.boundingBox())!.height;
  const handle = (await page.getByTestId('split-bottom').boundingBox())!;
  await page.mouse.move(handle.x + 200, handle.y + 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + 200, handle.y - 120, { steps: 6 });
  await page.mouse.up();
  await expect.poll(async () => (await bottom.boundingBox())!.height).toBeGreaterThan(before + 80);
  const after = (await bottom.boundingBox())!.height;
  await page.reload();
  await expect(page.getByTestId('orderbook')).toHaveAttribute('data-status', 'live');
  expect(Math.abs((await bottom.boundingBox())!.height - after)).toBeLessThan(3);
});

test('on a 1366x768 laptop screen the send button is in view without scrolling the ticket', async ({
  page,
  stack,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openTrading(page, stack.startUrl);
  const button = page.getByTestId('submit-order');
  await expect(button).toBeVisible();
  // inside the ticket's scroll box, whose scroll position is untouched
  const seen = await button.evaluate((el) => {
    let box = el.parentElement;
    while (box && getComputedStyle(box).overflowY !== 'auto') box = box.parentElement;
    const r = el.getBoundingClientRect();
    const b = box!.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, boxTop: b.top, boxBottom: b.bottom, scrolled: box!.scrollTop };
  });
  expect(seen.scrolled).toBe(0);
  expect(seen.top).toBeGreaterThanOrEqual(seen.boxTop);
  expect(seen.bottom).toBeLessThanOrEqual(seen.boxBottom + 0.5);
  // and a click reaches it (nothing lies over it)
  await button.click({ trial: true });
});

test('leaving the trading screen and coming back is clean (chart disposed, streams resubscribed)', async ({
  page,
  stack,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await openTrading(page, stack.startUrl);
  await page.getByTestId('nav-assets').click();
  await expect(page).toHaveURL(/#\/assets/);
  await page.getByTestId('nav-trade').click();
  await expect(page.getByTestId('orderbook')).toHaveAttribute('data-status', 'live');
  await expect(page.getByTestId('chart-legend')).toContainText('O');
  expect(errors).toEqual([]);
});

test('with the ED25519 key on account 2: an order from the form rests, and a cancel made elsewhere arrives live', async ({
  page,
  stack,
}) => {
  await openTrading(page, stack.startUrl);
  await page.getByTestId('profile-select').selectOption('sandbox-ed25519');
  await page.getByTestId('account-select').selectOption('2');
  await expect(page.getByTestId('available')).toContainText(/\d/);
  await page.getByTestId('side-buy').click();
  await page.getByTestId('type-limit').check();
  await page.getByTestId('price-input').fill(await farBelowMarket(page));
  await page.getByTestId('qty-input').fill('0.001');
  await page.getByTestId('submit-order').click();
  // More than 10 % below the last price: the ticket asks first.
  await page.getByTestId('confirm-order-ok').click();
  await expect(page.getByTestId('order-result-ok')).toBeVisible();
  const row = page.getByTestId('open-order-row');
  await expect(row).toHaveCount(1);
  const orderId = Number(await row.first().locator('td').nth(8).textContent());

  // The order is account 2's, signed with the ED25519 key; canceling it through the API (as another
  // tool would) reaches the table through the private stream.
  const open = await page.evaluate(async () => {
    const res = await fetch('/api/v2/openOrders?symbol=btc_krw&accountSeq=2', {
      headers: { 'X-Profile': 'sandbox-ed25519' },
    });
    return (await res.json()) as { data: { orderId: number }[] };
  });
  expect(open.data.map((o) => o.orderId)).toContain(orderId);
  await page.evaluate(async (id) => {
    const res = await fetch(`/api/v2/orders?symbol=btc_krw&orderId=${id}&accountSeq=2`, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json', 'X-Profile': 'sandbox-ed25519' },
    });
    if (!res.ok) throw new Error(await res.text());
  }, orderId);
  await expect(row).toHaveCount(0);
});
