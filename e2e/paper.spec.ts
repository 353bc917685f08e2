// Paper mode (issue 22 item 1): the stack runs with `--paper --source <a second sandbox>` (fixtures.ts,
// e2e/paperSource.ts). A market buy fills at the source book's levels, a resting bid fills when the
// source trades through it, a conditional order and the kill switch work on the paper account, the page
// shows PAPER unmistakably, and the source was only ever read.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { placeViaApi } from './trading-helpers.js';

test.use({ stackOptions: { paper: true } });

const SYM = 'btc_krw';
const MIRROR_UA = 'kapi-paper-mirror/1';
const PUBLIC_READS = [
  '/v2/currencyPairs',
  '/v2/tickSizePolicy',
  '/v2/tickers',
  '/v2/orderbook',
  '/v2/trades',
  '/v2/candles',
  '/v2/time',
];

type Level = { price: string; qty: string };
const units = (s: string, dp: number) => {
  const [i, f = ''] = s.split('.');
  return BigInt(i + f.padEnd(dp, '0').slice(0, dp));
};
const str = (u: bigint, dp: number) => {
  const s = u.toString().padStart(dp + 1, '0');
  const frac = s.slice(-dp).replace(/0+$/, '');
  return `${s.slice(0, -dp)}${frac ? `.${frac}` : ''}`;
};

/** The walk a market buy of `amtWon` makes over asks (price in won, qty x 10^8; the engine's flooring). */
function walk(asks: Level[], amtWon: bigint): Array<[string, string]> {
  let left = amtWon * 10n ** 8n; // won x 10^8 = price(won) x qty(units)
  const out: Array<[string, string]> = [];
  for (const a of asks) {
    const p = units(a.price, 0);
    let q = units(a.qty, 8);
    if (left / p < q) q = left / p;
    if (q <= 0n) break;
    out.push([a.price, str(q, 8)]);
    left -= p * q;
  }
  return out;
}

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of several routes, read field by field below
async function api<T = any>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([m, p, b]) => {
      const r = await fetch(`/api${p}`, {
        method: m as string,
        headers: b ? { 'Content-Type': 'application/json' } : {},
        body: b ? JSON.stringify(b) : undefined,
      });
      return r.json();
    },
    [method, path, body] as const,
  );
}

test('paper mode: fills from the mirrored book and trades, conditional and kill switch, PAPER on screen, only reads at the source', async ({
  page,
  stack,
  shot,
}) => {
  const source = stack.source!;
  await page.goto(stack.startUrl);
  const badge = page.getByTestId('upstream-badge');
  await expect(badge).toContainText('PAPER');
  await expect(badge).toHaveAttribute('data-paper-source', 'ok');
  await expect(page.getByTestId('paper-frame')).toBeVisible();
  await expect.poll(() => page.title()).toMatch(/^PAPER · /);
  await expect(page.getByTestId('orderbook')).toHaveAttribute('data-status', 'live');
  await expect(page.locator('[data-testid=ob-row][data-side=ask][data-price="140000000"]')).toBeVisible();

  // 1. a market buy walks the source's asks as the source serves them at that moment
  const srcBook = (await (await fetch(`${source.restUrl}/v2/orderbook?symbol=${SYM}`)).json()).data as {
    asks: Level[];
  };
  const expected = walk(srcBook.asks, 500_000n);
  expect(expected.length).toBeGreaterThan(2);
  const buyId = await placeViaApi(page, { symbol: SYM, side: 'buy', orderType: 'market', amt: '500000' });
  const fills = (await api(page, 'GET', `/v2/myTrades?symbol=${SYM}&limit=20`)).data as Array<{
    orderId: number;
    price: string;
    qty: string;
  }>;
  const mine = fills
    .filter((f) => f.orderId === buyId)
    .sort((a, b) => Number(a.price) - Number(b.price))
    .map((f) => [f.price, f.qty]);
  expect(mine).toEqual(expected);
  await shot(page, 'paper-after-market-buy');

  // 2. a resting bid below the source's book fills at its own price when the source trades through it
  const bidId = await placeViaApi(page, {
    symbol: SYM,
    side: 'buy',
    orderType: 'limit',
    price: '139000000',
    qty: '0.0001',
  });
  const order = async (id: number) => (await api(page, 'GET', `/v2/orders?symbol=${SYM}&orderId=${id}`)).data;
  expect((await order(bidId)).status).toBe('open');
  const move = (price: string) =>
    fetch(`${source.adminUrl}/market/price`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: SYM, price }),
    });
  expect((await move('138900000')).status).toBe(200);
  await expect.poll(async () => (await order(bidId)).status, { timeout: 15_000 }).toBe('filled');
  expect((await order(bidId)).avgPrice).toBe('139000000');

  // 3. a conditional stop-market sell armed on the paper account fires on the source's trades
  const armed = await api(page, 'POST', '/conditional', {
    definition: {
      kind: 'stop',
      symbol: SYM,
      onGap: 'fire',
      legs: [
        {
          kind: 'trigger',
          trigger: { type: 'cross', direction: 'down', level: '138000000' },
          order: { side: 'sell', orderType: 'market', qty: '0.0001' },
        },
      ],
    },
  });
  const condId = armed.data.conditional.id as string;
  expect((await move('137900000')).status).toBe(200);
  const fired = async () =>
    (await api(page, 'GET', `/v2/orders?symbol=${SYM}&clientOrderId=kc-${condId}-t0`)).data as
      | { status: string; avgPrice?: string }
      | undefined;
  await expect.poll(async () => (await fired())?.status, { timeout: 20_000 }).toBe('filled');
  // sold into the mirrored best bid
  expect((await fired())?.avgPrice).toBe('139990000');

  // 4. the kill switch cancels the paper account's open orders
  for (const price of ['130000000', '131000000']) {
    await placeViaApi(page, { symbol: SYM, side: 'buy', orderType: 'limit', price, qty: '0.0001' });
  }
  const kill = await api(page, 'POST', '/desk/killswitch', {});
  const runId = kill.data.id as string;
  await expect
    .poll(async () => (await api(page, 'GET', `/desk/killswitch/${runId}`)).data.state, { timeout: 20_000 })
    .toBe('done');
  const run = (await api(page, 'GET', `/desk/killswitch/${runId}`)).data;
  expect(run.found).toBeGreaterThanOrEqual(2);
  expect(run.errors).toEqual([]);
  expect((await api(page, 'GET', `/v2/openOrders?symbol=${SYM}`)).data).toEqual([]);

  // the PAPER screen, looked at
  await page.setViewportSize({ width: 1600, height: 1000 });
  await expect(page.getByTestId('orderbook')).toHaveAttribute('data-status', 'live');
  await shot(page, 'paper-screen');

  // 5. the source's request log: the paper stack only read public market data, never with a key
  const log = readFileSync(source.requestLog, 'utf8')
    .trim()
    .split('\n')
    .map(
      (l) =>
        JSON.parse(l) as {
          method: string;
          url: string;
          upgrade: boolean;
          userAgent?: string;
          apiKey: boolean;
        },
    );
  const mirror = log.filter((e) => e.userAgent === MIRROR_UA);
  expect(mirror.length).toBeGreaterThan(3);
  for (const e of log) {
    expect(e.apiKey, JSON.stringify(e)).toBe(false);
    // everything else came from this test (its admin price moves and its own book read)
    if (e.userAgent !== MIRROR_UA) {
      expect(e.userAgent, JSON.stringify(e)).toBe('node');
      continue;
    }
    const path = e.url.split('?')[0]!;
    if (e.upgrade) expect(path).toBe('/v2/public');
    else {
      expect(e.method).toBe('GET');
      expect(PUBLIC_READS).toContain(path);
    }
  }
});

test('paper mode: Settings shows the mode and its source, and restarts the stack into the sandbox and back', async ({
  page,
  stack,
  shot,
}) => {
  await page.goto(stack.startUrl);
  await page.goto(`${stack.proxyUrl}/#/settings`);
  const panel = page.getByTestId('paper-panel');
  await expect(panel.getByTestId('paper-mode')).toHaveAttribute('data-mode', 'paper');
  await expect(panel.getByTestId('paper-source')).toContainText(stack.source!.restUrl);
  await expect(panel.getByTestId('paper-command')).toHaveText(/^npm start -- --data-dir \S+$/);
  await shot(page, 'paper-settings');
  await panel.getByTestId('paper-switch').click();
  // the page reloads once the proxy answers again in the other mode
  await expect(page.getByTestId('upstream-badge')).toContainText('SANDBOX', { timeout: 60_000 });
  await expect(page.getByTestId('paper-frame')).toHaveCount(0);
  await expect(page.getByTestId('paper-panel').getByTestId('paper-mode')).toHaveAttribute(
    'data-mode',
    'sandbox',
  );
  await expect(page.getByTestId('paper-panel').getByTestId('paper-command')).toContainText(
    '--paper --source',
  );
  await page.getByTestId('paper-panel').getByTestId('paper-switch').click();
  await expect(page.getByTestId('upstream-badge')).toContainText('PAPER', { timeout: 60_000 });
  await expect(page.getByTestId('paper-frame')).toBeVisible();
});
