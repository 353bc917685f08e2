import { expect, test } from './fixtures.js';

test('the dashboard served by the stack renders with live data', async ({ page, stack, shot }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(stack.startUrl);
  // The start URL's token moves into a cookie and leaves the address bar.
  await expect(page).not.toHaveURL(/token=/);
  await expect(page.getByTestId('upstream-badge')).toHaveText(/SANDBOX/);
  await expect(page.getByTestId('orderbook').getByTestId('ob-row').first()).toBeVisible();
  await shot(page, 'smoke-trading-screen');
  expect(errors).toEqual([]);
});
