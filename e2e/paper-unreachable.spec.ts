// Paper mode whose source cannot be reached (issue 22 item 1): the stack starts anyway, the page says so
// with the coded sentence next to the PAPER badge, and Settings shows the source as unreachable.
import { expect, test } from './fixtures.js';

// port 9 on loopback: nothing listens there
test.use({ stackOptions: { paper: true, paperSourceUrl: 'http://127.0.0.1:9' } });

test('paper mode without its source: PAPER with "source down" and the sentence, no crash', async ({
  page,
  stack,
  shot,
}) => {
  await page.goto(stack.startUrl);
  const badge = page.getByTestId('upstream-badge');
  await expect(badge).toContainText('PAPER');
  await expect(badge).toHaveAttribute('data-paper-source', 'PAPER_SOURCE_UNREACHABLE', { timeout: 20_000 });
  await expect(page.getByTestId('paper-source-problem')).toContainText('모의투자 시세 원천');
  await expect(page.getByTestId('paper-frame')).toBeVisible();
  await shot(page, 'paper-source-unreachable');
  await page.goto(`${stack.proxyUrl}/#/settings`);
  await expect(page.getByTestId('paper-source')).toContainText('http://127.0.0.1:9');
  await expect(page.getByTestId('paper-source')).toContainText('PAPER_SOURCE_UNREACHABLE');
  // the account itself still answers
  const bal = await page.evaluate(async () => (await fetch('/api/v2/balance')).status);
  expect(bal).toBe(200);
});
