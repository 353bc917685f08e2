// Issue 11 item 2 with the proxy up and only the exchange down: every request the exchange gets is
// refused (503) and every WebSocket it serves is dropped. Panels must stop saying "live" in place,
// order entry must stop with the reason, the proxy-down banner must not appear (the proxy is fine),
// and everything must come back by itself once the exchange does.
import { openRoute } from './accounts-helpers.js';
import { expect, test } from './fixtures.js';
import { openTrading } from './trading-helpers.js';

test.use({ stackOptions: { historyDays: 1 } });

test('exchange down behind a healthy proxy: panels stale in place, entry stopped, recovery by itself', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  test.setTimeout(120_000);
  await openTrading(page, stack.startUrl);
  await expect(page.getByTestId('book-fresh')).toHaveAttribute('data-fresh', 'live');
  await expect(page.getByTestId('submit-order')).toBeEnabled();
  try {
    await admin.post('/admin/faults', {
      classes: { '*': { error: { probability: 1, status: 503 } } },
      ws: { drop: { probability: 1, target: 'all' } },
    });
    await admin.post('/admin/faults/ws', { action: 'drop', target: 'all' });
    for (const id of ['book-fresh', 'tape-fresh', 'price-fresh', 'markets-fresh']) {
      await expect(page.getByTestId(id)).not.toHaveAttribute('data-fresh', 'live', { timeout: 20_000 });
    }
    await expect(page.getByTestId('entry-blocked')).toBeVisible();
    await expect(page.getByTestId('submit-order')).toHaveCount(0);
    await expect(page.getByTestId('proxy-down')).toHaveCount(0);
    await shot(page, 'upstream-outage-trade');

    // money views poll; with every answer refused they say so instead of keeping a live label
    await openRoute(page, 'assets');
    await expect(page.getByTestId('balances-fresh')).not.toHaveAttribute('data-fresh', 'live', {
      timeout: 20_000,
    });
    await shot(page, 'upstream-outage-assets');
  } finally {
    await admin.post('/admin/faults/reset', {});
  }
  await expect(page.getByTestId('balances-fresh')).toHaveAttribute('data-fresh', 'live', { timeout: 30_000 });
  await openRoute(page, 'trade');
  await expect(page.getByTestId('book-fresh')).toHaveAttribute('data-fresh', 'live', { timeout: 30_000 });
  await expect(page.getByTestId('orderbook')).toHaveAttribute('data-status', 'live');
  await expect(page.getByTestId('entry-blocked')).toHaveCount(0);
  await expect(page.getByTestId('submit-order')).toBeEnabled();
});
