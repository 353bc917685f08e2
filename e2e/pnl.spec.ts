// 투자손익 (issue 21 items 3-4) against the real stack with the demo user's 30 days of history: every
// period shows figures; the total is the proxy's report for that period and the fills count is what the
// sandbox itself answers for the same span (myTrades per account and pair, from where the ledger reaches);
// the tax year's CSV downloads with the BOM and Hangul intact; the monitor shows the compact panel.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiFromPage, openRoute } from './accounts-helpers.js';
import { expect, test } from './fixtures.js';
import { overflowing, setPrefs } from './page-helpers.js';

// no simulated market: prices stand still, so the page's figures and the proxy's report can be compared exactly
test.use({ stackOptions: { demo: true, simulate: false } });

interface Status {
  accounts: {
    profileId: string;
    accountSeq: number;
    owner: string;
    syncing: boolean;
    syncedUntil: number | null;
    lists: { list: string; oldestReached: number | null }[];
  }[];
}

async function proxyJson<T>(page: Page, path: string): Promise<T> {
  const r = await apiFromPage<{ success: boolean; data: T }>(page, 'GET', path.replace(/^\/api/, ''));
  if (r.status !== 200) throw new Error(`${path} -> ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data;
}

/** The ledger's first sync has finished for every account. */
async function synced(page: Page): Promise<Status> {
  let last: Status | null = null;
  await expect
    .poll(
      async () => {
        last = await proxyJson<Status>(page, '/api/ledger/status');
        return last.accounts.length > 0 && last.accounts.every((a) => a.syncedUntil !== null && !a.syncing);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return last as unknown as Status;
}

/** Every fill time the sandbox answers per account (one profile per owner), from where the ledger reaches. */
async function sandboxFillTimes(page: Page, status: Status): Promise<number[]> {
  const pairs = await apiFromPage<{ data: { symbol: string }[] }>(page, 'GET', '/v2/currencyPairs');
  const symbols = pairs.json.data.map((p) => p.symbol);
  const seen = new Set<string>();
  const times: number[] = [];
  for (const a of status.accounts) {
    const k = `${a.owner}:${a.accountSeq}`;
    if (seen.has(k)) continue;
    seen.add(k);
    const start = a.lists.find((l) => l.list === 'trades')?.oldestReached ?? 0;
    for (const symbol of symbols) {
      const path = `/v2/myTrades?symbol=${symbol}&accountSeq=${a.accountSeq}&startTime=${start}&limit=1000`;
      let r = await apiFromPage<{ data?: { tradedAt: number }[] }>(page, 'GET', path, undefined, a.profileId);
      for (let i = 0; r.status === 429 && i < 10; i++) {
        await page.waitForTimeout(300); // throttled: try again
        r = await apiFromPage(page, 'GET', path, undefined, a.profileId);
      }
      expect(r.status, path).toBe(200);
      for (const t of r.json.data ?? []) times.push(Number(t.tradedAt));
    }
  }
  return times;
}

const KEYS = ['today', '7d', '30d', '3m', 'ytd', 'custom'] as const;

test('every period shows figures that agree with the proxy report and the sandbox fills', async ({
  page,
  stack,
  shot,
}) => {
  test.setTimeout(180_000);
  await page.goto(stack.startUrl);
  await openRoute(page, 'pnl');
  await expect(page.getByTestId('pnl-page')).toBeVisible();
  const status = await synced(page);
  const fillTimes = await sandboxFillTimes(page, status);
  expect(fillTimes.length).toBeGreaterThan(0);
  await expect(page.getByTestId('pnl-reach')).not.toHaveText(/동기화 전/);

  const overview = page.getByTestId('pnl-overview');
  for (const key of KEYS) {
    await page.getByTestId('pnl-period').locator(`[data-period="${key}"]`).click();
    if (key === 'custom') {
      // the ten days up to today: both ends included
      const to = await overview.getAttribute('data-to-day');
      const from = new Date(Date.parse(`${to}T00:00:00Z`) - 9 * 86_400_000).toISOString().slice(0, 10);
      await page.getByTestId('pnl-from').fill(from);
      await expect(overview).toHaveAttribute('data-from-day', from);
    }
    await expect(overview).toHaveAttribute('data-current', '1');
    const from = Number(await overview.getAttribute('data-from'));
    const total = page.getByTestId('pnl-total');
    await expect(total, key).toHaveText(/^[+-]?\d{1,3}(,\d{3})*$/);
    await expect(page.getByTestId('pnl-twr')).toHaveText(/^([+-]?\d+\.\d{2}%|-)$/);
    // the figure is the proxy's report for the same period (the page reads it again on its own poll)
    await expect
      .poll(
        async () => {
          const report = await proxyJson<{ total: { pnlKrw: string } }>(
            page,
            `/api/pnl?from=${from}&accounts=all`,
          );
          const won = Number(report.total.pnlKrw);
          const halfUp = Math.sign(won) * Math.floor(Math.abs(won) + 0.5);
          return Number(((await total.textContent()) ?? '').replaceAll(',', '')) - halfUp;
        },
        { message: key, timeout: 20_000 },
      )
      .toBe(0);
    // and the fills are the sandbox's own, for the same span
    const expected = fillTimes.filter((t) => t >= from).length;
    await expect(page.getByTestId('pnl-fills'), key).toHaveText(String(expected));
    expect(await page.getByTestId('pnl-daily-chart').getAttribute('data-bars'), key).not.toBe('0');
  }
  await page.getByTestId('pnl-period').locator('[data-period="7d"]').click();
  await expect(overview).toHaveAttribute('data-current', '1');
  await expect(page.getByTestId('asset-row').first()).toBeVisible();
  await page.waitForTimeout(500); // charts paint on the next frame
  await shot(page, 'pnl-7d-dark-ko');

  // light English
  await setPrefs(page, { theme: 'light', language: 'en' });
  await page.reload();
  await expect(page.getByTestId('pnl-page')).toBeVisible();
  await expect(page.getByTestId('pnl-tab-overview')).toHaveText('Results');
  await page.getByTestId('pnl-period').locator('[data-period="30d"]').click();
  await expect(overview).toHaveAttribute('data-current', '1');
  await page.waitForTimeout(500);
  await shot(page, 'pnl-30d-light-en');
});

test('the tax year: estimate labelled, CSV with BOM and Hangul, printable', async ({ page, stack, shot }) => {
  test.setTimeout(120_000);
  await page.goto(stack.startUrl);
  await openRoute(page, 'pnl/tax');
  await expect(page.getByTestId('tax-report')).toBeVisible();
  await synced(page);
  await expect(page.getByTestId('tax-body')).toBeVisible();
  await expect(page.getByTestId('tax-disclaimer')).toContainText('세무 조언이 아닙니다');
  await expect(page.getByTestId('tax-deduction')).toHaveText('-2,500,000');
  await expect(page.getByTestId('tax-rate')).toHaveText('22%');
  await expect(page.getByTestId('tax-estimated')).toHaveText(/^\d{1,3}(,\d{3})*$/);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('tax-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^ledger-\d{4}\.csv$/);
  const bytes = readFileSync((await download.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text).toMatch(/[가-힣]/);
  expect(text).not.toContain('\uFFFD');
  await shot(page, 'pnl-tax-dark-ko');

  // the printable page: no shell, no controls, light colours
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('topbar')).toBeHidden();
  await expect(page.getByTestId('tax-csv')).toBeHidden();
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(bg).toBe('rgb(255, 255, 255)');
  await shot(page, 'pnl-tax-print');
  await page.emulateMedia({ media: 'screen' });
});

test('the monitor shows the compact P&L panel for today and 7 days', async ({ page, stack, shot }) => {
  await page.goto(stack.startUrl);
  await openRoute(page, 'monitor');
  const panel = page.getByTestId('pnl-panel');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await synced(page);
  await expect(page.getByTestId('pnl-panel-total')).toHaveText(/^[+-]?\d{1,3}(,\d{3})*$/);
  await page.getByTestId('pnl-panel-period').locator('[data-period="7d"]').click();
  await expect(panel).toHaveAttribute('data-period', '7d');
  await expect(page.getByTestId('pnl-panel-fills')).toHaveText(/^\d+$/);
  await shot(page, 'pnl-monitor-panel');
  await page.getByTestId('pnl-panel-open').click();
  await expect(page.getByTestId('pnl-page')).toBeVisible();
});

test('a deposited coin without a cost: marked, and its cost entered inline', async ({ page, stack }) => {
  await page.goto(stack.startUrl);
  await openRoute(page, 'pnl');
  await synced(page);
  await page.getByTestId('pnl-period').locator('[data-period="ytd"]').click();
  const marked = page
    .getByTestId('asset-row')
    .filter({ has: page.getByTestId('cost-open') })
    .first();
  await expect(marked).toBeVisible();
  await expect(page.getByTestId('pnl-uncertain-notes').locator('[data-reason="costUnknown"]')).toBeVisible();
  await marked.getByTestId('cost-open').click();
  const rows = page.getByTestId('cost-row');
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();
  const eventId = await rows.first().getAttribute('data-event');
  // a bad amount is refused in place
  await rows.first().getByTestId('cost-input').fill('12a');
  await expect(rows.first().getByTestId('cost-save')).toBeDisabled();
  await rows.first().getByTestId('cost-input').fill('1,234,567');
  await rows.first().getByTestId('cost-save').click();
  await expect(page.locator(`[data-testid="cost-row"][data-event="${eventId}"]`)).toHaveCount(0);
  expect(await rows.count()).toBe(before - 1);
  const costs = await proxyJson<{ costs: { eventId: string; costKrw: string }[] }>(page, '/api/ledger/costs');
  expect(costs.costs).toContainEqual(expect.objectContaining({ eventId, costKrw: '1234567' }));
});

test('one account: the exchange avgPrice beside ours', async ({ page, stack, shot }) => {
  await page.goto(stack.startUrl);
  await openRoute(page, 'pnl');
  const status = await synced(page);
  const first = status.accounts[0] as Status['accounts'][number];
  await page.getByTestId('pnl-scope').selectOption(`${first.profileId}:${first.accountSeq}`);
  await page.getByTestId('pnl-period').locator('[data-period="30d"]').click();
  await expect(page.getByTestId('pnl-overview')).toHaveAttribute('data-current', '1');
  const exAvg = page.getByTestId('asset-row').getByTestId('asset-exavg');
  await expect(exAvg.first()).toBeVisible();
  await expect.poll(async () => (await exAvg.allTextContents()).some((s) => /\d/.test(s))).toBe(true);
  await page.waitForTimeout(300);
  await shot(page, 'pnl-one-account-dark-ko');
  // on a 1366x768 laptop no figure of the totals or the allocation is cut (they were: "+72,255,0…")
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(page.getByTestId('pnl-total')).toBeVisible();
  for (const root of ['pnl-summary', 'pnl-allocation'])
    expect(await overflowing(page, root), root).toEqual([]);
});
