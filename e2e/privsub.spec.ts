// A fill on a pair that is not on screen still arrives live: the proxy subscribes the account channels
// upstream for every launched pair (issue 10 follow-up), so the fill toast names the other pair.
import { expect, test } from './fixtures.js';
import { openTrading, placeViaApi } from './trading-helpers.js';

test('a market buy on ETH while BTC is on screen is told live as an ETH fill', async ({
  page,
  stack,
  shot,
}) => {
  await openTrading(page, stack.startUrl);
  // BTC/KRW is on screen (the default pair)
  await expect(page.getByText('BTC/KRW').first()).toBeVisible();
  const orderId = await placeViaApi(page, {
    symbol: 'eth_krw',
    side: 'buy',
    orderType: 'market',
    amt: '20000',
  });
  const toast = page.getByTestId('toast-fill').filter({ hasText: String(orderId) });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('ETH/KRW');
  await shot(page, 'privsub-eth-fill-on-btc-screen');
});
