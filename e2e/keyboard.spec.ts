// Issue 11 item 5: keyboard first. The book ladder is one Tab stop (arrows move inside it), the order
// ticket follows within a few Tabs, dialogs start on their primary action and Enter confirms it, and
// keyboard focus is always drawn.
import { expect, test } from './fixtures.js';
import { farBelowMarket, openTrading } from './trading-helpers.js';

// Own stack (a distinct worker option): the balances, prevented matches and history these specs leave
// behind must not show in the other specs' lists.
test.use({ stackOptions: { seed: 1111 } });

test.afterEach(async ({ admin }) => {
  await admin.post('/admin/cancelAll', {});
});

const focusedTestId = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

test('the ladder is one Tab stop: arrows move between rows, a picked row fills the price, the next Tab leaves the book', async ({
  page,
  stack,
}) => {
  // The ticket's chunk is held back while the ladder's keys are tried: the keys come with the book, so
  // they must work before the ticket arrives (they once came with the ticket and raced its load).
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let held = 0;
  await page.route(/\/assets\/OrderEntry-[^/]+\.js$/, async (route) => {
    held++;
    await gate;
    await route.continue();
  });
  await openTrading(page, stack.startUrl);
  await expect.poll(() => held).toBeGreaterThan(0);
  await expect(page.getByTestId('price-input')).toHaveCount(0);
  await page.getByTestId('book-grouping').focus();
  await page.keyboard.press('Tab');
  expect(await focusedTestId(page)).toBe('book-price');
  // Arrow keys walk the rows in the same column, Right/Left switch price and quantity.
  // (the row's place in the ladder, not its price: the streaming book may shift prices between reads)
  const rowIndex = () =>
    page.evaluate(() => {
      const row = document.activeElement?.closest('[data-testid=ob-row]');
      return row ? [...document.querySelectorAll('[data-testid=ob-row]')].indexOf(row) : -1;
    });
  const first = await rowIndex();
  expect(first).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('ArrowDown');
  expect(await focusedTestId(page)).toBe('book-price');
  expect(await rowIndex()).toBe(first + 1);
  await page.keyboard.press('ArrowRight');
  expect(await focusedTestId(page)).toBe('book-qty');
  await page.keyboard.press('ArrowLeft');
  expect(await focusedTestId(page)).toBe('book-price');
  // The focus ring is drawn for keyboard focus.
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
  expect(outline).toBe('solid');
  release();

  // The focused row's own click (what Enter does on it) picks its price into the ticket; the row and its
  // price are read in the same task, so the streaming book cannot move in between.
  await page.getByTestId('type-limit').check();
  await page.getByTestId('book-grouping').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const picked = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const p = el.closest('[data-testid=ob-row]')?.getAttribute('data-price');
    el.click();
    return p;
  });
  expect(picked).toBeTruthy();
  await expect(page.getByTestId('price-input')).toHaveValue(Number(picked).toLocaleString('en-US'));

  // One Tab leaves the ladder; the ticket's price field is a handful of Tabs away, not ~120.
  await page.getByTestId('book-grouping').focus();
  await page.keyboard.press('Tab');
  let tabs = 0;
  for (; tabs < 40; tabs++) {
    await page.keyboard.press('Tab');
    const inBook = await page.evaluate(
      () => !!document.activeElement?.closest('[data-testid=book-asks], [data-testid=book-bids]'),
    );
    expect(inBook).toBe(false);
    if ((await focusedTestId(page)) === 'price-input') break;
  }
  expect(tabs).toBeLessThan(20);
  // Shift+Tab from a ladder cell goes back to the grouping select.
  await page.getByTestId('book-grouping').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  expect(await focusedTestId(page)).toBe('book-grouping');
});

test('dialogs start on their primary action: Enter confirms cancel-all, Escape closes', async ({
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
  await expect(page.getByTestId('confirm-order-ok')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('open-order-row')).toHaveCount(1);

  await page.getByTestId('cancel-all').click();
  const dialog = page.getByTestId('cancel-all-dialog');
  await expect(page.getByTestId('cancel-all-ok')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('open-order-row')).toHaveCount(1);

  await page.getByTestId('cancel-all').click();
  await expect(page.getByTestId('cancel-all-ok')).toBeFocused();
  await shot(page, 'keyboard-cancel-all-dialog');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('open-order-row')).toHaveCount(0);
});

test('keys pressed before the key handler has loaded are acted on when it arrives', async ({
  page,
  stack,
}) => {
  // Hold back the chunk with the keys (and the chart, which must not be what the keys wait for).
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let held = 0;
  await page.route(/\/assets\/(ScreenWide|PriceChart)-[^/]+\.js$/, async (route) => {
    held++;
    await gate;
    await route.continue();
  });
  await openTrading(page, stack.startUrl);
  await expect.poll(() => held).toBeGreaterThan(0);
  await expect(page.getByTestId('hotkeys-help')).toHaveCount(0);
  await page.locator('body').press('s');
  await page.locator('body').press('Shift+Slash');
  release();
  await expect(page.getByTestId('hotkeys-help')).toBeVisible();
  await expect(page.getByTestId('side-sell')).toHaveAttribute('aria-selected', 'true');
});
