// Pre-trade check in the order ticket (issue 22 item 3), against the sandbox's live simulated book:
// a market buy larger than the visible book is told it cannot fill there (with the unfilled amount), a
// limit 20 % above the last price is told it looks like a fat finger, and with blocking turned on in
// Settings the confirmation's button is disabled with the reason. Korean (dark) and English (light).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { setPrefs } from './page-helpers.js';
import { bestAsk, openTrading, wholeWon } from './trading-helpers.js';

/** A market buy of 1,000,000,000,000 KRW: far more than any visible ask side of the simulated market. */
const HUGE = 1_000_000_000_000;

test.beforeEach(async ({ admin }) => {
  // The pair's maximum order value would refuse the huge amount before the check could speak.
  await admin.post('/admin/market/bounds', { symbol: 'btc_krw', maxOrderValue: null });
});

async function openIn(page: Page, startUrl: string, prefs: Record<string, unknown>) {
  await openTrading(page, startUrl);
  await setPrefs(page, prefs);
  await page.reload();
  await expect(page.getByTestId('orderbook')).toHaveAttribute('data-status', 'live');
}

async function hugeMarketBuy(page: Page) {
  await page.getByTestId('side-buy').click();
  await page.getByTestId('type-market').check();
  await page.getByTestId('amt-input').fill(String(HUGE));
}

/** 20 % above the best ask (so at least 20 % above the last price), on a 100,000 won multiple. */
async function fatFingerBuy(page: Page) {
  const price = Math.ceil((Number(await bestAsk(page)) * 1.2) / 100_000) * 100_000;
  await page.getByTestId('side-buy').click();
  await page.getByTestId('type-limit').check();
  await page.getByTestId('price-input').fill(String(price));
  await page.getByTestId('qty-input').fill('0.0001');
}

/** The unfilled amount in a thin-book sentence: less than the order, and most of it. */
function expectUnfilled(sentence: string) {
  const m = /([\d,]{10,}) KRW/.exec(sentence);
  expect(m, sentence).not.toBeNull();
  const unfilled = wholeWon(m![1]!);
  expect(unfilled).toBeLessThan(HUGE);
  expect(unfilled).toBeGreaterThan(HUGE * 0.9);
}

test('Korean, dark: a market buy beyond the visible book and a fat-finger limit', async ({
  page,
  stack,
  shot,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await openIn(page, stack.startUrl, { language: 'ko', theme: 'dark', ptBlock: false });

  // The ticket does not move when the check starts to speak: the button stays where it was.
  await page.getByTestId('side-buy').click();
  await page.getByTestId('type-market').check();
  const buttonY = async () => (await page.getByTestId('submit-order').boundingBox())?.y;
  const before = await buttonY();
  await hugeMarketBuy(page);
  const panel = page.getByTestId('pt-panel-order');
  await expect(panel).toHaveAttribute('data-warnings', /BOOK_TOO_THIN/);
  expect(await buttonY()).toBe(before);
  const status = page.getByTestId('pt-status');
  await expect(status).toContainText('보이는 호가로는 다 체결할 수 없습니다');
  await expect(page.getByTestId('pt-avg')).toHaveText(/^[\d,.]+$/);
  await expect(page.getByTestId('pt-slippage')).toContainText('%');
  await shot(page, 'pretrade-ticket-dark-ko');

  await page.getByTestId('submit-order').click();
  const thin = page.locator('[data-testid=pt-warning][data-code=BOOK_TOO_THIN]');
  await expect(thin).toContainText('보이는 호가로는 다 체결할 수 없습니다');
  expectUnfilled((await thin.textContent()) ?? '');
  await expect(page.getByTestId('confirm-order-ok')).toBeEnabled();
  await shot(page, 'pretrade-confirm-dark-ko');
  await page.getByTestId('confirm-order').getByRole('button', { name: '취소' }).click();

  await fatFingerBuy(page);
  await expect(status).toContainText('현재가');
  await expect(status).toContainText('높습니다');
  await expect(page.getByTestId('pt-fromlast')).toHaveText(/^\+\d+\.?\d*%$/);
  await page.getByTestId('submit-order').click();
  await expect(page.locator('[data-testid=pt-warning][data-code=FAT_FINGER]')).toContainText(
    '자릿수를 확인하세요',
  );
  await page.getByTestId('confirm-order').getByRole('button', { name: '취소' }).click();

  // Blocking on (Settings): the confirmation says why its button is disabled.
  await page.evaluate(() => {
    location.hash = '#/settings';
  });
  await page.getByTestId('pref-pt-block').check();
  await page.evaluate(() => {
    location.hash = '#/';
  });
  await expect(page.getByTestId('orderbook')).toHaveAttribute('data-status', 'live');
  await fatFingerBuy(page);
  await expect(panel).toHaveAttribute('data-warnings', /FAT_FINGER/);
  await page.getByTestId('submit-order').click();
  await expect(page.getByTestId('pt-blocked')).toContainText('확인할 수 없습니다');
  await expect(page.getByTestId('confirm-order-ok')).toBeDisabled();
  expect(errors).toEqual([]);
});

test('English, light: the same sentences, and blocking turned on in Settings', async ({
  page,
  stack,
  shot,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await openIn(page, stack.startUrl, { language: 'en', theme: 'light', ptBlock: false });

  await fatFingerBuy(page);
  const status = page.getByTestId('pt-status');
  await expect(status).toContainText('above the last price');
  await page.getByTestId('submit-order').click();
  await expect(page.locator('[data-testid=pt-warning][data-code=FAT_FINGER]')).toContainText(
    'check for an extra digit',
  );
  await expect(page.getByTestId('confirm-order-ok')).toBeEnabled();
  await page.getByTestId('confirm-order').getByRole('button', { name: 'Cancel' }).click();

  await page.evaluate(() => {
    location.hash = '#/settings';
  });
  const block = page.getByTestId('pref-pt-block');
  await expect(block).toBeVisible();
  await block.check();
  await shot(page, 'pretrade-settings-light-en');
  await page.evaluate(() => {
    location.hash = '#/';
  });
  await expect(page.getByTestId('orderbook')).toHaveAttribute('data-status', 'live');

  await hugeMarketBuy(page);
  await expect(status).toContainText('Cannot fill at the visible book');
  await shot(page, 'pretrade-ticket-light-en');
  await page.getByTestId('submit-order').click();
  const thin = page.locator('[data-testid=pt-warning][data-code=BOOK_TOO_THIN]');
  await expect(thin).toContainText('Cannot fill at the visible book');
  expectUnfilled((await thin.textContent()) ?? '');
  await expect(page.getByTestId('pt-blocked')).toContainText('Confirm is blocked');
  await expect(page.getByTestId('confirm-order-ok')).toBeDisabled();
  await shot(page, 'pretrade-confirm-light-en');
  expect(errors).toEqual([]);
});
