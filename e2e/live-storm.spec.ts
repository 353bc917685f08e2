// Issue 11 item 8: a fault storm. For 60 s the sandbox injects faults (orders committed but answered
// with a dropped connection or a 500, 503s, 429 bursts, WebSocket drops, and one kill -9 + restart of
// the whole stack) while the dashboard places and cancels orders through its own ticket. Afterwards the
// dashboard's open orders, balances and order book must equal the exchange's REST answers, and every
// order sent must have a told outcome (never left 'sending' or 'uncertain').
import { writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { apiFromPage, openRoute } from './accounts-helpers.js';
import { type OwnStack, ownStack } from './live-helpers.js';
import { farBelowMarket, openTrading } from './trading-helpers.js';

let st: OwnStack;
test.beforeAll(async () => {
  st = await ownStack();
  await st.start();
});
test.afterAll(async () => {
  stormOver = true;
  await st?.remove();
});

const SYMBOL = 'btc_krw';
const STORM_MS = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sent {
  n: number;
  fate: string | null;
}

/** Records every outcome the ticket's result line shows (it disappears while an order is sending). */
async function watchOutcomes(page: Page) {
  await page.evaluate(() => {
    const w = globalThis as unknown as { __fates: string[] };
    w.__fates = [];
    let last: string | null = null;
    new MutationObserver(() => {
      const el = document.querySelector('[data-testid^=order-result]');
      const now = el ? (el.getAttribute('data-fate') ?? '?') : null;
      if (now !== last && now !== null) w.__fates.push(now);
      last = now;
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-fate'],
    });
  });
}

const fates = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __fates: string[] }).__fates.slice());

/** Sends one limit buy through the ticket; resolves with the fate the ticket finally tells. */
async function sendOrder(page: Page, price: string, n: number): Promise<Sent | null> {
  if ((await page.getByTestId('submit-order').count()) === 0) return null; // blocked: nothing is sent
  const before = (await fates(page)).length;
  await page.getByTestId('price-input').fill(price);
  await page.getByTestId('qty-input').fill('0.001');
  try {
    await page.getByTestId('submit-order').click({ timeout: 2_000 });
  } catch {
    return null; // blocked in between
  }
  const confirm = page.getByTestId('confirm-order-ok');
  const told = async () => (await fates(page)).length > before;
  await expect
    .poll(async () => (await confirm.isVisible()) || (await told()), { timeout: 20_000 })
    .toBe(true);
  if (await confirm.isVisible()) await confirm.click();
  // the first outcome told, then followed while uncertain (looked up until known)
  await expect.poll(told, { timeout: 30_000 }).toBe(true);
  await expect.poll(async () => (await fates(page)).at(-1), { timeout: 60_000 }).not.toBe('uncertain');
  return { n, fate: (await fates(page)).at(-1) ?? null };
}

let stormOver = false;

async function faultDriver(): Promise<string[]> {
  const log: string[] = [];
  const at = Date.now();
  const wait = (ms: number) => sleep(Math.max(0, at + ms - Date.now()));
  const step = async (ms: number, what: string, f: () => Promise<unknown>) => {
    await wait(ms);
    if (stormOver) return;
    log.push(`${Math.round((Date.now() - at) / 1000)}s ${what}`);
    await f();
  };
  await step(2_000, 'order answered by a dropped connection after commit', () =>
    st.admin('/admin/faults', { classes: { order: { afterCommit: { count: 2, mode: 'drop' } } } }),
  );
  await step(10_000, '503 on orders and cancels', () =>
    st.admin('/admin/faults', {
      classes: { order: { error: { count: 2, status: 503 } }, cancel: { error: { count: 1, status: 503 } } },
    }),
  );
  await step(18_000, '429 bursts', () =>
    st.admin('/admin/faults', {
      classes: { '*': { rateLimit: { probability: 0.2, burst: 5, retryAfterSec: 1 } } },
    }),
  );
  await step(24_000, 'websocket drop (all)', () =>
    st.admin('/admin/faults/ws', { action: 'drop', target: 'all' }),
  );
  await step(30_000, 'kill -9 and restart the stack', async () => {
    await st.stop('SIGKILL');
    await sleep(3_000);
    await st.start();
  });
  await step(42_000, 'order answered 500 after commit, private websocket drop', async () => {
    await st.admin('/admin/faults', {
      classes: { order: { afterCommit: { count: 1, mode: 'status', status: 500 } } },
    });
    await st.admin('/admin/faults/ws', { action: 'drop', target: 'private' });
  });
  await step(50_000, 'websocket drop (public)', () =>
    st.admin('/admin/faults/ws', { action: 'drop', target: 'public' }),
  );
  await wait(STORM_MS);
  await st.admin('/admin/faults/reset', {});
  log.push('faults reset');
  return log;
}

function digits(s: string): string {
  return s.replace(/[^0-9.]/g, '');
}

test('fault storm: the dashboard ends equal to the exchange and every order is told', async ({ page }) => {
  test.setTimeout(300_000);
  await openTrading(page, st.startUrl);
  await st.admin('/admin/balance', { currency: 'krw', amount: '500000000' });
  await page.getByTestId('side-buy').click();
  await page.getByTestId('type-limit').check();
  const price = await farBelowMarket(page);
  await watchOutcomes(page);

  const driver = faultDriver();
  const sent: Sent[] = [];
  const started = Date.now();
  let n = 0;
  let cancels = 0;
  while (Date.now() - started < STORM_MS) {
    n++;
    const r = await sendOrder(page, price, n);
    if (r) sent.push(r);
    else await sleep(500);
    if (n % 3 === 0) {
      const cancel = page.getByTestId('open-order-row').first().getByTestId('cancel-order');
      if ((await cancel.count()) && (await cancel.isEnabled())) {
        await cancel.click({ timeout: 2_000 }).catch(() => {});
        cancels++;
      }
    }
  }
  const log = await driver;
  test.info().annotations.push({ type: 'storm', description: log.join(' | ') });
  test.info().annotations.push({
    type: 'orders',
    description: `${sent.length} sent, ${cancels} cancels: ${sent.map((s) => s.fate).join(',')}`,
  });
  writeFileSync(
    test.info().outputPath('storm.txt'),
    `${log.join('\n')}\n${sent.length} sent, ${cancels} cancel clicks\nfates: ${sent.map((x) => x.fate).join(',')}\n`,
  );
  expect(sent.length).toBeGreaterThanOrEqual(5);
  for (const s of sent) expect(['sending', 'uncertain', null]).not.toContain(s.fate);

  // recovery: marks back to live, order entry open again
  await expect(page.getByTestId('book-fresh')).toHaveAttribute('data-fresh', 'live', { timeout: 30_000 });
  await expect(page.getByTestId('submit-order')).toBeVisible({ timeout: 30_000 });
  await st.admin('/admin/market/sim', { symbol: SYMBOL, enabled: false });

  // open orders equal the exchange's (same ids, nothing more, nothing less)
  const openState = async () => {
    const rest = await apiFromPage<{ data: { orderId: number }[] }>(
      page,
      'GET',
      `/v2/openOrders?symbol=${SYMBOL}&limit=1000`,
    );
    const ids = rest.json.data.map((o) => String(o.orderId));
    const rows = await page.getByTestId('open-order-row').allTextContents();
    const matched = ids.filter((id) => rows.some((r) => r.includes(id))).length;
    return { rest: ids.length, rows: rows.length, matched };
  };
  await expect
    .poll(openState, { timeout: 20_000 })
    .toEqual(expect.objectContaining({ rows: (await openState()).rest }));
  const final = await openState();
  expect(final.rows).toBe(final.rest);
  expect(final.matched).toBe(final.rest);
  test.info().annotations.push({ type: 'open orders', description: JSON.stringify(final) });

  // the order book equals the exchange's (simulation paused, so both sides are still)
  await sleep(2_000);
  await expect
    .poll(
      async () => {
        const book = await apiFromPage<{
          data: { bids: { price: string; qty: string }[]; asks: { price: string; qty: string }[] };
        }>(page, 'GET', `/v2/orderbook?symbol=${SYMBOL}`);
        const shownBids = await page
          .locator('[data-testid=ob-row][data-side=bid]')
          .evaluateAll((els) => els.slice(0, 5).map((e) => e.getAttribute('data-price')));
        const shownAsks = await page
          .locator('[data-testid=ob-row][data-side=ask]')
          .evaluateAll((els) => els.slice(-5).map((e) => e.getAttribute('data-price')));
        const restBids = book.json.data.bids.slice(0, 5).map((l) => Number(l.price));
        const restAsks = book.json.data.asks
          .slice(0, 5)
          .map((l) => Number(l.price))
          .reverse();
        return {
          bids: shownBids.map(Number).join(',') === restBids.join(','),
          asks: shownAsks.map(Number).join(',') === restAsks.join(','),
        };
      },
      { timeout: 20_000 },
    )
    .toEqual({ bids: true, asks: true });

  // balances equal the exchange's
  const bal = await apiFromPage<{ data: { currency: string; balance: string; available: string }[] }>(
    page,
    'GET',
    '/v2/balance',
  );
  const krw = bal.json.data.find((b) => b.currency.toLowerCase() === 'krw');
  expect(krw).toBeTruthy();
  await openRoute(page, 'assets');
  const row = page
    .getByTestId('balance-row')
    .filter({ has: page.locator('td').first().filter({ hasText: /^krw$/i }) });
  await expect
    .poll(
      async () => {
        const cells = await row.first().locator('td').allTextContents();
        return [digits(cells[1] ?? ''), digits(cells[2] ?? '')];
      },
      { timeout: 15_000 },
    )
    .toEqual([krw!.balance.split('.')[0], krw!.available.split('.')[0]]);
  await page.screenshot({ path: test.info().outputPath('storm-after.png') });
});
