// Issue 13, the trader's workspace: market list, chart indicators, ... driven through the real stack.

import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { pageErrors, setPrefs } from './page-helpers.js';
import { bestBid, farBelowMarket, openTrading, placeViaApi } from './trading-helpers.js';

test('market list: 초성 search, a favourite kept after reload, live rows, switching pair', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  const errors = pageErrors(page);
  await openTrading(page, stack.startUrl);
  const list = page.getByTestId('market-list');
  await expect(list.getByTestId('market-row-btc_krw')).toContainText('비트코인');
  await expect(list.getByTestId('market-row-eth_krw')).toContainText('이더리움');
  await expect(list.getByTestId('market-price-btc_krw')).toHaveText(/\d/);

  // 초성: ㅂㅌ finds 비트코인 only (among the sandbox pairs).
  await page.getByTestId('markets-search').fill('ㅂㅌ');
  await expect(list.locator('[data-testid^=market-row-]')).toHaveCount(1);
  await expect(list.getByTestId('market-row-btc_krw')).toBeVisible();
  await shot(page, 'workspace-markets-choseong');
  // Korean typed with the keyboard left in English: qlxm = 비트.
  await page.getByTestId('markets-search').fill('qlxm');
  await expect(list.locator('[data-testid^=market-row-]')).toHaveCount(1);
  await page.getByTestId('markets-search').fill('ㅇㄷ');
  await expect(list.getByTestId('market-row-eth_krw')).toBeVisible();
  await expect(list.getByTestId('market-row-btc_krw')).toHaveCount(0);
  // Enter picks the first match: the whole screen moves to ETH/KRW.
  await page.getByTestId('markets-search').press('Enter');
  await expect(page.getByTestId('symbol-selector')).toContainText('ETH/KRW');
  await page.getByTestId('markets-search').fill('');

  // Favourite: star XRP, see it alone under the favourites tab, reload, still there.
  await list.getByTestId('market-star-xrp_krw').click();
  await expect(list.getByTestId('market-star-xrp_krw')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('markets-tab-fav').click();
  await expect(list.locator('[data-testid^=market-row-]')).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('markets-tab-fav')).toHaveAttribute('aria-pressed', 'true');
  await expect(list.locator('[data-testid^=market-row-]')).toHaveCount(1);
  await expect(list.getByTestId('market-row-xrp_krw')).toBeVisible();
  await page.getByTestId('markets-tab-all').click();

  // Sort by value traded, high to low (a new column starts high to low): values read from the rows' titles.
  await page.getByTestId('markets-sort-name').click();
  await page.getByTestId('markets-sort-volume').click();
  await expect(page.getByTestId('markets-sort-volume')).toContainText('▼');
  const volumes = await list
    .locator('[data-testid^=market-row-] span[title]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('title'))).filter((n) => Number.isFinite(n)));
  expect(volumes.length).toBeGreaterThan(2);
  expect([...volumes].sort((a, b) => b - a)).toEqual(volumes);

  // A stopped pair is marked in the list.
  await admin.post('/admin/market/status', { symbol: 'xrp_krw', status: 'stopped' });
  await page.reload();
  await expect(list.getByTestId('market-stopped-xrp_krw')).toBeVisible();
  await expect(list.getByTestId('market-stopped-btc_krw')).toHaveCount(0);
  await admin.post('/admin/market/status', { symbol: 'xrp_krw', status: 'launched' });

  // English names in English mode.
  await setPrefs(page, { language: 'en' });
  await page.reload();
  await expect(list.getByTestId('market-row-btc_krw')).toContainText('Bitcoin');
  await shot(page, 'workspace-markets-en');
  expect(errors).toEqual([]);
});

test('chart: indicators added, configured, drawn in their own pane and remembered; depth view', async ({
  page,
  stack,
  shot,
}) => {
  const errors = pageErrors(page);
  await openTrading(page, stack.startUrl);
  const chart = page.getByTestId('chart');
  // The default MA 20 is drawn over the candles.
  await expect(chart.getByTestId('indicator-legend-ma-20')).toBeVisible();
  const paneRows = () => chart.locator('table tr').count();
  const before = await paneRows();

  await page.getByTestId('indicators-button').click();
  // Really on screen (not clipped by the toolbar), not merely in the DOM.
  await expect(page.getByTestId('indicators-menu')).toBeInViewport({ ratio: 0.95 });
  await page.getByTestId('indicator-add-rsi').click();
  await page.getByTestId('indicator-add-macd').click();
  await page.getByTestId('indicator-add-bb').click();
  await page.getByTestId('indicator-add-ema').click();
  await expect(chart.getByTestId('indicator-legend-rsi-14')).toBeVisible();
  await expect(chart.getByTestId('indicator-legend-macd-12-26-9')).toBeVisible();
  // Two oscillator panes below the price (each pane adds a row, plus its separator).
  await expect.poll(paneRows).toBeGreaterThan(before);
  // Reconfigure: RSI 14 -> 7; an invalid period snaps back.
  const rsi = page.getByTestId('indicator-param-rsi-14-period');
  await rsi.fill('7');
  await rsi.press('Enter');
  await expect(chart.getByTestId('indicator-legend-rsi-7')).toBeVisible();
  const ema = page.getByTestId('indicator-param-ema-50-period');
  await ema.fill('0');
  await ema.press('Enter');
  await expect(ema).toHaveValue('50');
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 300);
  await expect(page.getByTestId('indicators-menu')).toHaveCount(0);
  await shot(page, 'workspace-chart-indicators');

  // Remembered after a reload, drawn again.
  await page.reload();
  await expect(chart.getByTestId('indicator-legend-rsi-7')).toBeVisible();
  await expect(chart.getByTestId('indicator-legend-bb-20-2')).toBeVisible();
  await expect.poll(paneRows).toBeGreaterThan(before);
  // Removing the oscillators removes their panes.
  await page.getByTestId('indicators-button').click();
  await page.getByTestId('indicator-remove-rsi-7').click();
  await page.getByTestId('indicator-remove-macd-12-26-9').click();
  await expect.poll(paneRows).toBe(before);
  await page.getByTestId('indicators-button').click();

  // Depth chart instead of the candles: cumulative areas from the live book.
  await page.getByTestId('chart-view-depth').click();
  const depth = page.getByTestId('depth-chart');
  await expect(depth.locator('path')).toHaveCount(2);
  expect(Number(await depth.getAttribute('data-levels'))).toBeGreaterThan(4);
  await shot(page, 'workspace-chart-depth');
  await page.getByTestId('chart-view-candles').click();
  await expect(depth).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('amendment from the open-orders row: one open order at the new price, told once', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  const errors = pageErrors(page);
  await openTrading(page, stack.startUrl);
  const price = await farBelowMarket(page);
  await admin.post('/admin/market/sim', { symbol: 'btc_krw', enabled: false });
  try {
    // Placed from the ticket, so the order-fate tracker follows it (and would tell its cancel).
    await page.getByTestId('side-buy').click();
    await page.getByTestId('price-input').fill(price);
    await page.getByTestId('qty-input').fill('0.001');
    await page.getByTestId('submit-order').click();
    const confirm = page.getByTestId('confirm-order-ok');
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    const row = page.getByTestId('open-order-row');
    await expect(row).toHaveCount(1);
    const id = (await row.first().locator('td').nth(-2).textContent())?.trim() ?? '';
    await row.first().getByTestId('amend-order').click();
    const dialog = page.getByTestId('amend-dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('amend-price')).toHaveValue(price);
    // Off the tick: refused in the dialog with the form's rule, nothing sent.
    await page.getByTestId('amend-price').fill(String(Number(price) + 1));
    await expect(page.getByTestId('amend-invalid')).toContainText('INVALID_PRICE_TICK');
    await expect(page.getByTestId('amend-ok')).toBeDisabled();
    const next = String(Number(price) + 100_000);
    await page.getByTestId('amend-price').fill(next);
    await page.getByTestId('amend-qty').fill('0.002');
    await shot(page, 'workspace-amend-dialog');
    await page.getByTestId('amend-ok').click();
    await expect(page.getByTestId('amend-toast-amended')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(1);
    await expect(row.first()).toContainText(Number(next).toLocaleString('en-US'));
    await expect(row.first()).toContainText('0.002');
    expect(id).toMatch(/^\d+$/);
    await expect(row.first()).not.toContainText(id);
    // Told once: the old order's "canceled" notice gave way to the amendment's.
    await page.waitForTimeout(1500);
    await expect(page.getByTestId('toast-fate-canceled')).toHaveCount(0);
    await expect(page.getByTestId('amend-toast-amended')).toHaveCount(1);
    await shot(page, 'workspace-amend-done');
    await row.first().getByTestId('cancel-order').click();
    await expect(row).toHaveCount(0);
  } finally {
    await admin.post('/admin/market/sim', { symbol: 'btc_krw', enabled: true });
  }
  expect(errors).toEqual([]);
});

/** Moves the mouse down the chart until the line layer reports a draggable line of `kind` under it. */
async function findLine(page: Page, chart: Locator, kind: string): Promise<{ x: number; y: number }> {
  const box = (await chart.boundingBox())!;
  const x = box.x + box.width * 0.5;
  for (let y = box.y + 40; y < box.y + box.height - 40; y += 4) {
    await page.mouse.move(x, y);
    if ((await chart.getAttribute('data-hover-line')) === kind) return { x, y };
  }
  throw new Error(`no ${kind} line found on the chart`);
}

/** Own buy orders at one price near the market, resting while the simulated traders are paused. */
async function withRestingBuys(
  page: Page,
  admin: { post: (path: string, body: unknown) => Promise<unknown> },
  qtys: readonly string[],
  body: (price: string, row: Locator) => Promise<void>,
) {
  const price = String(Math.floor((Number(await bestBid(page)) - 300_000) / 100_000) * 100_000);
  await admin.post('/admin/market/sim', { symbol: 'btc_krw', enabled: false });
  try {
    for (const qty of qtys) {
      await placeViaApi(page, { symbol: 'btc_krw', side: 'buy', orderType: 'limit', price, qty });
    }
    const row = page.getByTestId('open-order-row');
    await expect(row).toHaveCount(qtys.length);
    await body(price, row);
  } finally {
    await admin.post('/admin/market/sim', { symbol: 'btc_krw', enabled: true });
  }
}

/** Drags the own-order line on the chart 40 px up. */
async function dragOrderLineUp(page: Page, chart: Locator) {
  const at = await findLine(page, chart, 'order');
  await page.mouse.down();
  await page.mouse.move(at.x, at.y - 20, { steps: 5 });
  await page.mouse.move(at.x, at.y - 40, { steps: 5 });
  await page.mouse.up();
}

test('chart lines: a placed line is kept after reload; dragging an order line amends it', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  const errors = pageErrors(page);
  await openTrading(page, stack.startUrl);
  const canvasBox = page.getByTestId('chart-canvas');
  await expect(canvasBox).toBeVisible();

  // Place a horizontal line: button, then a click on the chart.
  await page.getByTestId('line-place').click();
  const b = (await canvasBox.boundingBox())!;
  await page.mouse.click(b.x + b.width * 0.4, b.y + b.height * 0.3);
  await expect(page.getByTestId('line-place')).toContainText('1');
  await page.reload();
  await expect(page.getByTestId('line-place')).toContainText('1');
  await findLine(page, canvasBox, 'user');
  await page.getByTestId('line-clear').click();
  await expect(page.getByTestId('line-place')).not.toContainText('1');

  // An own order near the market, with the simulated traders paused so it rests.
  await withRestingBuys(page, admin, ['0.001'], async (price, row) => {
    await dragOrderLineUp(page, canvasBox);
    const dialog = page.getByTestId('amend-dialog');
    await expect(dialog).toBeVisible();
    const proposed = await page.getByTestId('amend-price').inputValue();
    expect(Number(proposed)).toBeGreaterThan(Number(price));
    await shot(page, 'workspace-drag-amend');
    await page.getByTestId('amend-ok').click();
    await expect(page.getByTestId('amend-toast-amended')).toBeVisible();
    await expect(row).toHaveCount(1);
    await expect(row.first()).toContainText(Number(proposed).toLocaleString('en-US'));
    await row.first().getByTestId('cancel-order').click();
    await expect(row).toHaveCount(0);
  });
  expect(errors).toEqual([]);
});

test('dragging a line that stands for two orders at one price moves both to the new price', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  const errors = pageErrors(page);
  await openTrading(page, stack.startUrl);
  const canvasBox = page.getByTestId('chart-canvas');
  await expect(canvasBox).toBeVisible();
  await withRestingBuys(page, admin, ['0.001', '0.002'], async (price, row) => {
    await dragOrderLineUp(page, canvasBox);
    const dialog = page.getByTestId('amend-group-dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('amend-group-row')).toHaveCount(2);
    const proposed = await page.getByTestId('amend-group-price').inputValue();
    expect(Number(proposed)).toBeGreaterThan(Number(price));
    // off the tick: refused with the order form's rule, nothing sent
    await page.getByTestId('amend-group-price').fill(String(Number(proposed) + 1));
    await expect(page.getByTestId('amend-group-invalid')).toContainText('INVALID_PRICE_TICK');
    await expect(page.getByTestId('amend-group-ok')).toBeDisabled();
    await page.getByTestId('amend-group-price').fill(proposed);
    await shot(page, 'workspace-drag-amend-group');
    await page.getByTestId('amend-group-ok').click();
    await expect(page.getByTestId('amend-group-toast-done')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(2);
    const shown = Number(proposed).toLocaleString('en-US');
    await expect(row.nth(0)).toContainText(shown);
    await expect(row.nth(1)).toContainText(shown);
    await expect(row.filter({ hasText: '0.001' })).toHaveCount(1);
    await expect(row.filter({ hasText: '0.002' })).toHaveCount(1);
    // told once: no "canceled" notices for the orders that were moved
    await page.waitForTimeout(1500);
    await expect(page.getByTestId('toast-fate-canceled')).toHaveCount(0);
    for (const left of [1, 0]) {
      await row.first().getByTestId('cancel-order').click();
      await expect(row).toHaveCount(left);
    }
  });
  expect(errors).toEqual([]);
});

test('hotkeys: side, focus, percent, submit, cancel last, cancel all, pair, interval, palette, help', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  const errors = pageErrors(page);
  await openTrading(page, stack.startUrl);
  const body = page.locator('body');
  const price = await farBelowMarket(page);
  await admin.post('/admin/market/sim', { symbol: 'btc_krw', enabled: false });
  try {
    // "?" lists every key.
    await body.press('Shift+Slash');
    const help = page.getByTestId('hotkeys-help');
    await expect(help).toBeVisible();
    await expect(help.getByTestId('hotkey-order.cancelAll')).toContainText('Shift+X');
    await shot(page, 'workspace-hotkeys-help');
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    // Side (physical keys: the same with the Korean IME), then percent of the available BTC.
    await page.keyboard.press('s');
    await expect(page.getByTestId('side-sell')).toHaveAttribute('aria-selected', 'true');
    const qtyAfter = async (key: string) => {
      await page.keyboard.press(key);
      await expect(page.getByTestId('qty-input')).not.toHaveValue('');
      return Number((await page.getByTestId('qty-input').inputValue()).replace(/,/g, ''));
    };
    const q25 = await qtyAfter('1');
    const q50 = await qtyAfter('2');
    const q75 = await qtyAfter('3');
    const q100 = await qtyAfter('4');
    expect(q25).toBeGreaterThan(0);
    expect(q50).toBeCloseTo(q25 * 2, 6);
    expect(q75).toBeCloseTo(q25 * 3, 6);
    expect(q100).toBeCloseTo(q25 * 4, 6);
    await page.keyboard.press('b');
    await expect(page.getByTestId('side-buy')).toHaveAttribute('aria-selected', 'true');

    // Focus price, type, focus quantity, type, Ctrl+Enter submits through the ticket.
    await page.keyboard.press('p');
    await expect(page.getByTestId('price-input')).toBeFocused();
    await page.keyboard.type(price);
    await page.keyboard.press('Escape');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('q');
    await expect(page.getByTestId('qty-input')).toBeFocused();
    await page.getByTestId('qty-input').fill('0.001');
    await page.keyboard.press('Control+Enter');
    // The ticket's own confirmation (the price is far from the market) takes Enter.
    await expect(page.getByTestId('confirm-order')).toBeVisible();
    await page.keyboard.press('Enter');
    const row = page.getByTestId('open-order-row');
    await expect(row).toHaveCount(1);

    // x cancels the latest order (focus out of the fields first).
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('x');
    await expect(page.getByTestId('hotkey-toast-canceled')).toBeVisible();
    await expect(row).toHaveCount(0);

    // Shift+X asks, then cancels every open order of the pair.
    for (const p of [price, String(Number(price) - 100_000)])
      await placeViaApi(page, { symbol: 'btc_krw', side: 'buy', orderType: 'limit', price: p, qty: '0.001' });
    await expect(row).toHaveCount(2);
    await page.keyboard.press('Shift+X');
    await expect(page.getByTestId('hotkey-cancel-all-dialog')).toBeVisible();
    await page.getByTestId('hotkey-cancel-all-ok').click();
    await expect(row).toHaveCount(0);

    // Interval: ] and [ step through the intervals.
    await expect(page.getByTestId('interval-15')).toHaveClass(/text-accent/);
    await page.keyboard.press(']');
    await expect(page.getByTestId('interval-30')).toHaveClass(/text-accent/);
    await page.keyboard.press('[');
    await expect(page.getByTestId('interval-15')).toHaveClass(/text-accent/);

    // Pair: . and , walk the market list.
    const first = (await page.getByTestId('symbol-selector').textContent()) ?? '';
    await page.keyboard.press('.');
    await expect(page.getByTestId('symbol-selector')).not.toHaveText(first);
    await page.keyboard.press(',');
    await expect(page.getByTestId('symbol-selector')).toHaveText(first);

    // Ctrl+K: a pair by 초성, then a command by name.
    await page.keyboard.press('Control+k');
    await page.getByTestId('palette-input').fill('ㅇㄷ');
    await expect(page.getByTestId('palette-pair-eth_krw')).toBeVisible();
    await shot(page, 'workspace-palette');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('symbol-selector')).toContainText('ETH/KRW');
    await page.keyboard.press('Control+k');
    await page.getByTestId('palette-input').fill('sell');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('side-sell')).toHaveAttribute('aria-selected', 'true');
  } finally {
    await admin.post('/admin/market/sim', { symbol: 'btc_krw', enabled: true });
  }
  expect(errors).toEqual([]);
});

test('layout: book/trades/both remembered per screen size; 1280x800 and 1024x768 keep the essentials', async ({
  page,
  stack,
  shot,
}) => {
  const errors = pageErrors(page);
  await page.setViewportSize({ width: 1800, height: 1000 });
  await openTrading(page, stack.startUrl);
  const inView = async (testId: string) => {
    const b = await page.getByTestId(testId).first().boundingBox();
    const v = page.viewportSize()!;
    expect(b, testId).not.toBeNull();
    expect(b!.x, testId).toBeGreaterThanOrEqual(0);
    expect(b!.y, testId).toBeGreaterThanOrEqual(0);
    expect(b!.x + b!.width, testId).toBeLessThanOrEqual(v.width + 1);
    expect(b!.y + b!.height, testId).toBeLessThanOrEqual(v.height + 1);
  };

  // A wider book column on the large screen (drag its splitter 60 px to the left).
  const bookCol = page.getByTestId('book-mode').locator('..');
  const w0 = (await bookCol.boundingBox())!.width;
  const split = (await page.getByTestId('split-book').boundingBox())!;
  await page.mouse.move(split.x + split.width / 2, split.y + 100);
  await page.mouse.down();
  await page.mouse.move(split.x + split.width / 2 - 60, split.y + 100, { steps: 6 });
  await page.mouse.up();
  await expect.poll(async () => (await bookCol.boundingBox())!.width).toBeGreaterThan(w0 + 40);
  const wide = (await bookCol.boundingBox())!.width;

  // Trades only: the book gives way to the tape in its column; remembered after a reload.
  await page.getByTestId('book-mode-trades').click();
  await expect(page.getByTestId('orderbook')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('book-mode-trades')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('orderbook')).toHaveCount(0);
  await page.getByTestId('book-mode-book').click();
  await expect(page.getByTestId('orderbook')).toBeVisible();
  await shot(page, 'workspace-layout-book-only');

  // 1280x800: another size class with its own (default) arrangement; nothing essential cut.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('book-mode-both')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('market-list')).toBeVisible();
  expect((await bookCol.boundingBox())!.width).toBeLessThan(wide - 40);
  for (const id of [
    'submit-order',
    'price-input',
    'qty-input',
    'orderbook',
    'chart',
    'market-list',
    'bottom-tabs',
  ])
    await inView(id);
  await shot(page, 'workspace-layout-1280');

  // 1024x768: the market list folds to a strip; chart, book, ticket and submit stay usable.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByTestId('markets-show')).toBeVisible();
  for (const id of [
    'submit-order',
    'price-input',
    'qty-input',
    'orderbook',
    'chart',
    'toggle-lang',
    'account-select',
  ])
    await inView(id);
  // The top bar's last control (the KST/local switch) is not cut either.
  const lastTop = (await page.getByTestId('topbar').locator('button').last().boundingBox())!;
  expect(lastTop.x + lastTop.width).toBeLessThanOrEqual(1024);
  const chartBox = (await page.getByTestId('chart').boundingBox())!;
  expect(chartBox.width).toBeGreaterThanOrEqual(300);
  await shot(page, 'workspace-layout-1024');

  // Back on the large screen its own choice (book only) is still there.
  await page.setViewportSize({ width: 1800, height: 1000 });
  await expect(page.getByTestId('book-mode-book')).toHaveAttribute('aria-pressed', 'true');
  // ... and so is its wider book column, which the smaller screens did not take over.
  expect(Math.abs((await bookCol.boundingBox())!.width - wide)).toBeLessThanOrEqual(1);
  expect(errors).toEqual([]);
});

test('light theme, English, green-up: the workspace controls follow', async ({ page, stack, shot }) => {
  const errors = pageErrors(page);
  await page.goto(stack.startUrl);
  await setPrefs(page, { theme: 'light', colorScheme: 'western', language: 'en' });
  await page.evaluate(() => {
    localStorage.setItem(
      'kapi-chart',
      JSON.stringify({
        state: {
          active: [
            { kind: 'sma', period: 20 },
            { kind: 'bb', period: 20, mult: 2 },
            { kind: 'rsi', period: 14 },
          ],
          view: 'candles',
        },
        version: 1,
      }),
    );
  });
  await openTrading(page, stack.startUrl);
  await expect(page.locator('html')).toHaveClass(/light/);
  await expect(page.locator('html')).toHaveAttribute('data-colors', 'western');
  await expect(page.getByTestId('indicator-legend-rsi-14')).toBeVisible();
  await expect(page.getByTestId('market-row-btc_krw')).toContainText('Bitcoin');
  await expect(page.getByTestId('book-mode-both')).toHaveText('Book + trades');
  // Rising rows use the up color, whatever it is in this convention (green here).
  const upColor = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--up').trim(),
  );
  expect(upColor.toLowerCase()).toBe('#0d9f62');
  await shot(page, 'workspace-light-en-western');
  await page.getByTestId('indicators-button').click();
  await expect(page.getByTestId('indicators-menu')).toBeInViewport({ ratio: 0.95 });
  await shot(page, 'workspace-light-indicators-menu');
  await page.keyboard.press('Escape');
  await page.getByTestId('chart-view-depth').click();
  await expect(page.getByTestId('depth-chart').locator('path')).toHaveCount(2);
  await shot(page, 'workspace-light-depth');
  expect(errors).toEqual([]);
});
