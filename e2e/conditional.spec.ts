import { expect, test } from './fixtures.js';
import { pageErrors, setPrefs } from './page-helpers.js';
import { bestBid, openTrading } from './trading-helpers.js';

// Shares the worker's stack with other specs: the price is put back where it was at the end.
test('conditional: arm a stop-market sell from the ticket, see its line and watch it fire', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  const errors = pageErrors(page);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openTrading(page, stack.startUrl);
  const bid = Number(await bestBid(page));
  // close enough to be drawn on the chart, far enough that the simulated market does not reach it in seconds
  const level = String(Math.floor((bid * 0.985) / 100_000) * 100_000);

  await page.getByTestId('tab-ticket-cond').click();
  await page.getByTestId('cond-kind').selectOption('stop');
  await page.getByTestId('cond-side-sell').click();
  await page.getByTestId('cond-trigger').fill(level);
  await page.getByTestId('cond-ordertype-market').click();
  await page.getByTestId('cond-qty').fill('0.001');
  await page.getByTestId('cond-review').click();

  // everything it would place, in full, before arming
  const dialog = page.getByTestId('cond-preview');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('cond-preview-orders').locator('li')).toHaveCount(1);
  await expect(page.getByTestId('cond-preview-orders')).toContainText('0.001');
  await expect(page.getByTestId('cond-preview-error')).toHaveCount(0);
  await shot(page, 'conditional-preview');
  await page.getByTestId('cond-arm').click();
  await expect(page.getByTestId('cond-result-ok')).toBeVisible();

  await page.getByTestId('tab-cond').click();
  const tab = page.getByTestId('cond-tab');
  const row = tab.locator('tr[data-testid^=cond-row-]').first();
  await expect(row).toContainText(/Armed|감시 중/);
  await expect(page.getByTestId('cond-engine').first()).toContainText('LIVE');
  await shot(page, 'conditional-armed');

  // the market falls through the level: the proxy places the order by itself
  await admin.post('/admin/market/price', { symbol: 'btc_krw', price: String(Number(level) - 500_000) });
  await expect(row).toContainText(/Placed #\d+|주문 #\d+/, { timeout: 15_000 });
  await shot(page, 'conditional-placed');

  // and it is a real order of this account, found by its derived clientOrderId
  const id = (await row.getAttribute('data-testid'))!.replace('cond-row-', '');
  const order = await page.evaluate(async (coid) => {
    const r = await fetch(`/api/v2/orders?symbol=btc_krw&clientOrderId=${coid}`);
    return (await r.json()) as { success: boolean; data?: { side: string; orderType: string } };
  }, `kc-${id}-t0`);
  expect(order.success).toBe(true);
  expect(order.data).toMatchObject({ side: 'sell', orderType: 'market' });

  await admin.post('/admin/market/price', { symbol: 'btc_krw', price: String(bid) });
  expect(errors).toEqual([]);
});

test('conditional: a bracket reviewed in English, light theme, 1280x800 - three orders shown in full, then not armed', async ({
  page,
  stack,
  shot,
}) => {
  const errors = pageErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTrading(page, stack.startUrl);
  await setPrefs(page, { language: 'en', theme: 'light' });
  await page.reload();
  await openTrading(page, stack.startUrl);
  const bid = Number(await bestBid(page));
  const round = (x: number) => String(Math.floor(x / 100_000) * 100_000);

  await page.getByTestId('tab-ticket-cond').click();
  await page.getByTestId('cond-kind').selectOption('bracket');
  await page.getByTestId('cond-side-buy').click();
  await page.getByTestId('cond-entry').fill(round(bid * 0.9));
  await page.getByTestId('cond-target').fill(round(bid * 1.1));
  await page.getByTestId('cond-trigger').fill(round(bid * 0.8));
  await page.getByTestId('cond-qty').fill('0.001');
  await page.getByTestId('cond-review').click();
  const orders = page.getByTestId('cond-preview-orders').locator('li');
  await expect(orders).toHaveCount(3);
  await expect(orders.nth(0)).toContainText('Entry order');
  await expect(orders.nth(1)).toContainText('Placed when triggered');
  await expect(page.getByTestId('cond-preview')).toContainText('Balance needed');
  await expect(page.getByTestId('cond-preview')).toContainText('do not run while the proxy is stopped');
  await shot(page, 'conditional-bracket-preview-light-en');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('cond-preview')).toBeHidden();

  // a missing field is named, not sent
  await page.getByTestId('cond-kind').selectOption('trailing');
  await page.getByTestId('cond-review').click();
  await expect(page.getByTestId('cond-result-error')).toContainText('trailValue');
  await page.getByTestId('tab-cond').click();
  await shot(page, 'conditional-ticket-trailing-light-en');
  expect(errors).toEqual([]);
});

type Page = import('@playwright/test').Page;
interface CondEntry {
  id: string;
  legs: { trigger: { level?: string; distance?: { amount?: string } } }[];
  trail: ({ extreme?: string } | null)[];
}

/** Arms a one-leg sell (stop or trailing) on btc_krw through the proxy, as the page; returns its id. */
async function armSell(page: Page, kind: 'stop' | 'trailing', trigger: unknown): Promise<string> {
  const armed = await page.evaluate(
    async ([k, tr]) => {
      const r = await fetch('/api/conditional', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          definition: {
            kind: k,
            symbol: 'btc_krw',
            onGap: 'fire',
            legs: [
              { kind: 'trigger', trigger: tr, order: { side: 'sell', orderType: 'market', qty: '0.001' } },
            ],
          },
        }),
      });
      return (await r.json()) as { data: { conditional: { id: string } } };
    },
    [kind, trigger] as const,
  );
  return armed.data.conditional.id;
}

const entry = (page: Page, id: string) =>
  page.evaluate(async (cid) => {
    const r = await fetch('/api/conditional');
    const j = (await r.json()) as { data: { entries: CondEntry[] } };
    return j.data.entries.find((e) => e.id === cid);
  }, id);

/** Finds the conditional's line by sweeping the pointer down the chart until a press would grab it, then drags it down. */
async function dragLineDown(page: Page, id: string, dy: number): Promise<void> {
  const chart = page.getByTestId('chart-canvas');
  const box = (await chart.boundingBox())!;
  const x = box.x + box.width * 0.5;
  // the line is drawn once the dashboard's conditional list has polled it in (the tab shows the count)
  await expect(page.getByText(/조건부\s*\(1\)/).first()).toBeVisible();
  let grabY = -1;
  for (let pass = 0; pass < 3 && grabY < 0; pass++) {
    for (let y = box.y + 10; y < box.y + box.height - 10; y += 3) {
      await page.mouse.move(x, y);
      if ((await chart.getAttribute('data-cond-hover')) === `${id}:0`) {
        grabY = y;
        break;
      }
    }
  }
  expect(grabY).toBeGreaterThan(0);
  await page.mouse.down();
  await page.mouse.move(x, grabY + dy, { steps: 5 });
  await page.mouse.up();
}

test('conditional: dragging an armed stop line on the chart moves its trigger level', async ({
  page,
  stack,
}) => {
  const errors = pageErrors(page);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openTrading(page, stack.startUrl);
  const bid = Number(await bestBid(page));
  // close below the market so the line is inside the chart's price range (the scale follows the candles)
  const level = String(Math.floor((bid * 0.997) / 10_000) * 10_000);
  const id = await armSell(page, 'stop', { type: 'cross', direction: 'down', level });
  await dragLineDown(page, id, 20);
  // the proxy holds the new (lower, on-tick) level
  await expect
    .poll(async () => Number((await entry(page, id))?.legs[0]?.trigger.level))
    .toBeLessThan(Number(level));
  await page.evaluate(async (cid) => fetch(`/api/conditional/${cid}`, { method: 'DELETE' }), id);
  expect(errors).toEqual([]);
});

test('conditional: dragging an active trailing stop line widens its distance from the high', async ({
  page,
  stack,
  admin,
}) => {
  const errors = pageErrors(page);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openTrading(page, stack.startUrl);
  const bid = Number(await bestBid(page));
  // a still market: the high (and so the line) stays where it is while it is dragged
  await admin.post('/admin/market/sim', { symbol: 'btc_krw', enabled: false });
  try {
    const distance = String(Math.floor((bid * 0.003) / 10_000) * 10_000);
    const id = await armSell(page, 'trailing', {
      type: 'trailing',
      direction: 'down',
      distance: { amount: distance },
    });
    // one trade after arming activates it with that price as its high
    await admin.post('/admin/market/price', {
      symbol: 'btc_krw',
      price: String(Math.round(bid / 10_000) * 10_000),
    });
    await expect.poll(async () => (await entry(page, id))?.trail[0]?.extreme).toBeDefined();
    await dragLineDown(page, id, 20);
    await expect
      .poll(async () => Number((await entry(page, id))?.legs[0]?.trigger.distance?.amount))
      .toBeGreaterThan(Number(distance));
    await page.evaluate(async (cid) => fetch(`/api/conditional/${cid}`, { method: 'DELETE' }), id);
  } finally {
    await admin.post('/admin/market/sim', { symbol: 'btc_krw', enabled: true });
  }
  expect(errors).toEqual([]);
});
