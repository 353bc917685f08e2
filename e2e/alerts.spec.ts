import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { pageErrors } from './page-helpers.js';
import { openTrading } from './trading-helpers.js';

// Price alerts (issue 13 item 4). The stack is shared with the worker: the price is put back at the end of each test.
test.describe.configure({ mode: 'serial' });

const SYM = 'btc_krw';
const round = (n: number) => String(Math.round(n / 100_000) * 100_000);

async function lastPrice(page: Page): Promise<number> {
  const txt = (await page.getByTestId(`market-price-${SYM}`).textContent()) ?? '';
  const n = Number(txt.replaceAll(',', ''));
  expect(n).toBeGreaterThan(0);
  return n;
}

async function alertsTab(page: Page) {
  await page.getByTestId('tab-alerts').click();
  const panel = page.getByTestId('alerts-panel');
  await expect(panel).toBeVisible();
  return panel;
}

/** Moves the mouse down the chart until the line layer reports a draggable line of `kind` under it. */
async function findLine(page: Page, chart: Locator, kind: string): Promise<{ x: number; y: number }> {
  const box = (await chart.boundingBox())!;
  const x = box.x + box.width * 0.5;
  for (let y = box.y + 20; y < box.y + box.height - 20; y += 3) {
    await page.mouse.move(x, y);
    if ((await chart.getAttribute('data-hover-line')) === kind) return { x, y };
  }
  throw new Error(`no ${kind} line found on the chart`);
}

async function clearAlerts(page: Page) {
  await page.evaluate(async () => {
    const r = await fetch('/api/alerts');
    const list = (await r.json()) as { data: { alerts: { id: string }[] } };
    for (const a of list.data.alerts) await fetch(`/api/alerts/${a.id}`, { method: 'DELETE' });
  });
}

test('alerts: create from the market list, edit, turn off and on, delete', async ({ page, stack, shot }) => {
  const errors = pageErrors(page);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openTrading(page, stack.startUrl);
  await clearAlerts(page);
  const last = await lastPrice(page);
  const level = round(last * 1.2);

  await page.getByTestId(`market-bell-${SYM}`).click();
  const dialog = page.getByTestId('alert-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('alert-level')).toHaveValue(/^\d{1,3}(,\d{3})+$/); // the last price, grouped
  await page.getByTestId('alert-level').fill(level);
  await expect(page.getByTestId('alert-level')).toHaveValue(Number(level).toLocaleString('en-US'));
  await page.getByTestId('alert-note').fill('breakout');
  await shot(page, 'alerts-dialog-create');
  await page.getByTestId('alert-submit').click();
  await expect(dialog).toBeHidden();

  const panel = await alertsTab(page);
  const row = panel.locator('tr[data-testid^=alert-row-]');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-status', 'active');
  await expect(row).toContainText(Number(level).toLocaleString('en-US'));
  await expect(row).toContainText('breakout');
  await expect(page.getByTestId(`market-bell-${SYM}`)).toHaveAttribute('aria-label', /1/);
  await shot(page, 'alerts-panel-active');

  // edit: a % move instead of a level
  const id = (await row.getAttribute('data-testid'))!.replace('alert-row-', '');
  await page.getByTestId(`alert-edit-${id}`).click();
  await page.getByTestId('alert-type').selectOption('move');
  await page.getByTestId('alert-percent').fill('3');
  await page.getByTestId('alert-window').fill('30');
  await page.getByTestId('alert-dir-down').click();
  await page.getByTestId('alert-repeat').check();
  await page.getByTestId('alert-submit').click();
  await expect(row).toContainText(/30분 안에 -3% 하락|down 3% within 30 min/);
  await expect(row).toContainText(/반복|repeat/);

  // a bad edit is refused with the reason, nothing stored
  await page.getByTestId(`alert-edit-${id}`).click();
  await page.getByTestId('alert-percent').fill('0');
  await page.getByTestId('alert-submit').click();
  await expect(page.getByTestId('alert-error')).toContainText('percent');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(/-3%|3%/);

  await page.getByTestId(`alert-toggle-${id}`).click();
  await expect(row).toHaveAttribute('data-status', 'disabled');
  await page.getByTestId(`alert-toggle-${id}`).click();
  await expect(row).toHaveAttribute('data-status', 'active');

  await page.getByTestId(`alert-remove-${id}`).click();
  await page.getByTestId(`alert-remove-yes-${id}`).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('alerts-empty')).toBeVisible();
  expect(errors).toEqual([]);
});

test('alerts: one set from the chart fires on an admin price move (toast, panel)', async ({
  page,
  stack,
  admin,
  shot,
}) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openTrading(page, stack.startUrl);
  await clearAlerts(page);
  const last = await lastPrice(page);
  const level = String(Math.round((last * 1.01) / 10_000) * 10_000); // inside the chart's price range: the line shows

  await page.getByTestId('chart-alert-add').click();
  await expect(page.getByTestId('alert-dialog')).toBeVisible();
  await page.getByTestId('alert-type').selectOption('above');
  await page.getByTestId('alert-level').fill(level);
  await page.getByTestId('alert-submit').click();
  await expect(page.getByTestId('alert-dialog')).toBeHidden();
  await expect(page.getByTestId('chart-alert-add')).toContainText('1');
  await shot(page, 'alerts-chart-line');

  // the line drags to a new level (tick-snapped), stored by the proxy
  const canvas = page.getByTestId('chart-canvas');
  const at = await findLine(page, canvas, 'extra');
  await page.mouse.down();
  await page.mouse.move(at.x, at.y - 15, { steps: 4 });
  await page.mouse.move(at.x, at.y - 30, { steps: 4 });
  await page.mouse.up();
  const panel = await alertsTab(page);
  const row = panel.locator('tr[data-testid^=alert-row-]');
  await expect(row).not.toContainText(Number(level).toLocaleString('en-US'));
  const moved = await page.evaluate(async () => {
    const r = await fetch('/api/alerts');
    return ((await r.json()) as { data: { alerts: { condition: { level: string } }[] } }).data.alerts[0]!
      .condition.level;
  });
  expect(Number(moved)).toBeGreaterThan(Number(level));
  await expect(row).toHaveAttribute('data-status', 'active');

  // right-click on the chart: a menu to set an alert at that price
  const box = (await canvas.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.8, { button: 'right' });
  const menu = page.getByTestId('chart-alert-menu');
  await expect(menu).toBeVisible();
  await expect(menu).toContainText(/가격 알림 설정|Set a price alert/);
  await shot(page, 'alerts-chart-menu');
  await menu.click();
  await expect(page.getByTestId('alert-dialog')).toBeVisible();
  const menuLevel = Number((await page.getByTestId('alert-level').inputValue()).replaceAll(',', ''));
  expect(menuLevel).toBeGreaterThan(0);
  expect(menuLevel).toBeLessThan(last); // the lower part of the chart: a 'below' alert
  await expect(page.getByTestId('alert-type')).toHaveValue('below');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('alert-dialog')).toBeHidden();

  await admin.post('/admin/market/price', { symbol: SYM, price: round(last * 1.08) });
  const toast = page.getByTestId('alert-toast');
  await expect(toast).toBeVisible({ timeout: 10_000 });
  await expect(toast).toContainText(/BTC\/KRW/);
  await expect(toast).toContainText(Number(moved).toLocaleString('en-US'));
  await expect(panel.locator('tr[data-testid^=alert-row-]')).toHaveAttribute('data-status', 'triggered');
  await expect(panel.locator('tr[data-testid^=alert-row-]')).toContainText(/발동됨|Triggered/);
  await shot(page, 'alerts-fired');
  await admin.post('/admin/market/price', { symbol: SYM, price: String(last) });
});

test('alerts: a firing while no tab is open is shown on the next open (English, light, green-up)', async ({
  page,
  context,
  stack,
  admin,
  shot,
}) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openTrading(page, stack.startUrl);
  await clearAlerts(page);
  const last = await lastPrice(page);
  const level = round(last * 0.93);
  const created = await page.evaluate(async (lvl) => {
    const r = await fetch('/api/alerts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: 'btc_krw', condition: { type: 'below', level: lvl }, note: 'dip' }),
    });
    return (await r.json()) as { data: { id: string } };
  }, level);
  const origin = new URL(page.url()).origin;
  await page.close(); // no tab open now

  await admin.post('/admin/market/price', { symbol: SYM, price: round(last * 0.9) });
  await expect
    .poll(
      async () => {
        const r = await context.request.get(`${origin}/api/alerts`);
        const j = (await r.json()) as { data: { unseen: { alertId: string }[] } };
        return j.data.unseen.filter((e) => e.alertId === created.data.id).length;
      },
      { timeout: 10_000 },
    )
    .toBe(1);

  const next = await context.newPage();
  await next.setViewportSize({ width: 1600, height: 1000 });
  await next.addInitScript(() => {
    const raw = localStorage.getItem('kapi-prefs');
    const p = raw ? JSON.parse(raw) : { state: {}, version: 1 };
    p.state = { ...p.state, language: 'en', theme: 'light', colorScheme: 'western' };
    localStorage.setItem('kapi-prefs', JSON.stringify(p));
    localStorage.setItem(
      'kapi-alert-prefs',
      JSON.stringify({ state: { toast: true, sound: false, notify: true }, version: 1 }),
    );
    // a browser that granted notifications: record what would be shown
    const shown: { title: string; body?: string }[] = [];
    (window as unknown as { __notes: typeof shown }).__notes = shown;
    class FakeNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      constructor(title: string, opts?: { body?: string }) {
        shown.push({ title, body: opts?.body });
      }
    }
    (window as unknown as { Notification: unknown }).Notification = FakeNotification;
  });
  await next.goto(origin);
  const toast = next.getByTestId('alert-toast');
  await expect(toast).toBeVisible({ timeout: 10_000 });
  await expect(toast).toContainText('fired while the tab was closed');
  await expect(toast).toContainText('dip');
  await expect(toast).toContainText(Number(level).toLocaleString('en-US'));
  // and a system notification, since the browser permits them
  const notes = await next.evaluate(
    () => (window as unknown as { __notes: { title: string; body?: string }[] }).__notes,
  );
  expect(notes).toHaveLength(1);
  expect(notes[0]!.title).toBe('Price alert: Bitcoin BTC/KRW');
  expect(notes[0]!.body).toContain('dip');
  await alertsTab(next);
  await shot(next, 'alerts-missed-light-en');
  // seen now: the proxy holds no unseen firing any more
  await expect
    .poll(async () => {
      const r = await context.request.get(`${origin}/api/alerts`);
      return ((await r.json()) as { data: { unseen: unknown[] } }).data.unseen.length;
    })
    .toBe(0);
  // the delivery switches are in Settings too
  await next.goto(`${origin}/#/settings`);
  const prefs = next.getByTestId('pref-alerts');
  await expect(prefs).toBeVisible();
  await expect(next.getByTestId('pref-alert-notify')).toBeChecked();
  await next.getByTestId('pref-alert-sound').check();
  await expect(next.getByTestId('pref-alert-notify-blocked')).toHaveCount(0);
  await prefs.scrollIntoViewIfNeeded();
  await shot(next, 'alerts-settings-light-en');
  await admin.post('/admin/market/price', { symbol: SYM, price: String(last) });
});
