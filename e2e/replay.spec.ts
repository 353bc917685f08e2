// Record and replay (issue 22 item 2): the stack started with --replay on the shipped recording. The
// dashboard's book and tape move with the recording; the presenter's control bar pauses (the book
// stops changing), seeks and resumes (it moves again). Screenshot of the controls at 1600x1000.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

test.use({ stackOptions: { replay: 'recordings/demo-calm.ndjson.gz' } });

// the levels only (prices and sizes), not the age note a paused book may gain
const bookText = async (page: Page) =>
  (
    await page
      .getByTestId('orderbook')
      .locator('[data-testid="book-price"], [data-testid="book-qty"]')
      .allTextContents()
  ).join('|');
const tapeTop = async (page: Page) => (await page.getByTestId('tape-row').first().textContent()) ?? '';

test('replay: book and tape move, pause holds the book, seek and resume', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto(stack.startUrl);
  const bar = page.getByTestId('replay-bar');
  await expect(bar).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('replay-file')).toHaveText('demo-calm.ndjson.gz');
  await expect(page.getByTestId('book-bids').getByTestId('book-price').first()).toBeVisible({
    timeout: 20_000,
  });

  // the recording moves the book and prints trades
  const book0 = await bookText(page);
  await expect.poll(() => bookText(page), { timeout: 15_000 }).not.toBe(book0);
  await expect(page.getByTestId('tape-row').first()).toBeVisible({ timeout: 15_000 });
  const tape0 = await tapeTop(page);
  await expect.poll(() => tapeTop(page), { timeout: 20_000 }).not.toBe(tape0);

  // pause: the bar says so, the replay position holds and the book stops changing
  await page.getByTestId('replay-toggle').click();
  await expect(bar).toHaveAttribute('data-paused', '1');
  const pos = (await admin.get<{ data: { positionMs: number; paused: boolean } }>('/admin/replay')).data;
  expect(pos.paused).toBe(true);
  await page.waitForTimeout(1500); // let frames already in flight land
  const held = await bookText(page);
  await page.waitForTimeout(3000);
  expect(await bookText(page)).toBe(held);
  const still = (await admin.get<{ data: { positionMs: number } }>('/admin/replay')).data;
  expect(still.positionMs).toBe(pos.positionMs);
  await shot(page, 'replay-controls-paused');

  // seek to the start with the slider (keyboard): the position and the book follow, still paused
  const seek = page.getByTestId('replay-seek');
  await seek.focus();
  await page.keyboard.press('Home');
  const replayNow = async () =>
    (await admin.get<{ data: { positionMs: number; paused: boolean } }>('/admin/replay')).data;
  await expect.poll(async () => (await replayNow()).positionMs, { timeout: 5000 }).toBe(0);
  expect((await replayNow()).paused).toBe(true);
  await expect(page.getByTestId('replay-position')).toContainText(/^0:00 \//, { timeout: 5000 });
  await expect.poll(() => bookText(page), { timeout: 5000 }).not.toBe(held);

  // speed and resume: it moves again
  await page.getByTestId('replay-speed').selectOption('2');
  await page.getByTestId('replay-toggle').click();
  await expect(bar).toHaveAttribute('data-paused', '0');
  const resumed = await bookText(page);
  await expect.poll(() => bookText(page), { timeout: 15_000 }).not.toBe(resumed);
  const after = (await admin.get<{ data: { positionMs: number; speed: number } }>('/admin/replay')).data;
  expect(after.speed).toBe(2);
  expect(after.positionMs).toBeGreaterThan(0);
  await shot(page, 'replay-controls');
});

test('Settings › Market recorder: start, the size grows, stop names the file', async ({
  page,
  stack,
  shot,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto(stack.startUrl);
  await page.evaluate(() => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = '#/settings';
  });
  const panel = page.getByTestId('recorder-panel');
  await expect(panel).toBeVisible();
  await page.getByTestId('recorder-symbols').fill('btc_krw, eth_krw');
  await page.getByTestId('recorder-toggle').click();
  await expect(page.getByTestId('recorder-state')).toHaveAttribute('class', /text-down/);
  const size = page.getByTestId('recorder-current-size');
  await expect
    .poll(async () => Number(await size.getAttribute('data-bytes')), { timeout: 10_000 })
    .toBeGreaterThan(0);
  const first = Number(await size.getAttribute('data-bytes'));
  await expect
    .poll(async () => Number(await size.getAttribute('data-bytes')), { timeout: 15_000 })
    .toBeGreaterThan(first);
  await panel.scrollIntoViewIfNeeded();
  await shot(page, 'settings-recorder-running');
  await page.getByTestId('recorder-toggle').click();
  await expect(page.getByTestId('recorder-last')).toBeVisible();
  await expect(panel).toContainText('npm start -- --replay');
  await expect(panel).toContainText('.ndjson.gz');
  await shot(page, 'settings-recorder-stopped');
});
