import { expect, test } from './fixtures.js';
import { bestAsk, bestBid, farBelowMarket, openTrading } from './trading-helpers.js';

test('after the sandbox drops the WebSockets the book is rebuilt from a fresh snapshot and private streams resume', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  await openTrading(page, stack.startUrl);
  // Record every state the book and the connection indicator go through.
  await page.evaluate(`(() => {
    window.__states = [];
    const watch = (id, attr) => {
      const el = document.querySelector('[data-testid=' + id + ']');
      if (!el) return;
      new MutationObserver(() => window.__states.push(id + ':' + el.getAttribute(attr))).observe(el, {
        attributes: true,
        attributeFilter: [attr],
      });
    };
    watch('orderbook', 'data-status');
    watch('conn-status', 'data-status');
  })()`);

  // Place a resting order before the drop, far below the market so nothing fills it.
  await page.getByTestId('price-input').fill(await farBelowMarket(page));
  await page.getByTestId('qty-input').fill('0.0002');
  await page.getByTestId('submit-order').click();
  // About 20 % under the last price (more than the 10 % fat-finger bound): the ticket asks first and
  // says by how much.
  const confirm = page.getByTestId('confirm-order');
  await expect(confirm).toContainText(/\d+\.\d+%/);
  const pct = Number(/(\d+\.\d+)%/.exec((await confirm.textContent()) ?? '')?.[1]);
  expect(pct).toBeGreaterThan(10);
  await page.getByTestId('confirm-order-ok').click();
  await expect(page.getByTestId('open-order-row')).toHaveCount(1);

  await admin.post('/admin/faults/ws', { action: 'drop', target: 'all' });

  const states = () => page.evaluate('window.__states') as Promise<string[]>;
  await expect.poll(states).toContain('orderbook:stale');
  await expect(page.getByTestId('orderbook')).toHaveAttribute('data-status', 'live');
  await expect(page.getByTestId('conn-status')).toHaveAttribute('data-status', 'open');
  // A rebuilt book is never crossed.
  expect(Number(await bestAsk(page))).toBeGreaterThan(Number(await bestBid(page)));
  await shot(page, 'trading-after-ws-drop');

  // The private stream is back: a cancel made elsewhere (directly through the API) reaches the table live.
  const orderId = Number(await page.getByTestId('open-order-row').first().locator('td').nth(8).textContent());
  expect(orderId).toBeGreaterThan(0);
  await page.evaluate(async (id) => {
    const res = await fetch(`/api/v2/orders?symbol=btc_krw&orderId=${id}`, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json' },
    });
    if (!res.ok) throw new Error(await res.text());
  }, orderId);
  await expect(page.getByTestId('open-order-row')).toHaveCount(0);
});
