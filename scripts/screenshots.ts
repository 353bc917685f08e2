// `npm run screenshots`: the README's pictures. Starts the whole stack (sandbox on the calm demo
// scenario, a fresh temporary data directory, random loopback ports), opens it in headless Chromium
// at 1600x1000 (dark theme, Korean) and saves the trading screen and the desk wall as PNGs under
// docs/img/, quantized with ImageMagick's `convert` when it is installed. Needs Chromium (as the e2e
// tests find it) and a Korean font (Noto Sans CJK KR: `apt-get install fonts-noto-cjk`), or the
// Hangul shows as boxes.
//   npm run screenshots [-- --out DIR]          (builds dist/ first)
//   npx tsx scripts/screenshots.ts [--out DIR]  (with dist/ already built)
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium, type Page } from '@playwright/test';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'docs/img' } } });
const outDir = resolve(values.out ?? 'docs/img');
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

async function startStack(dataDir: string): Promise<{ child: ChildProcess; startUrl: string }> {
  const args = ['--import', 'tsx', 'src/main.ts', '--json', '--port', '0', '--sandbox-port', '0'];
  args.push('--data-dir', dataDir, '--scenario', 'calm', '--seed', '7');
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const startUrl = await new Promise<string>((done, fail) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      fail(new Error('the stack did not start in 60 s'));
    }, 60_000);
    child.stdout?.on('data', (d) => {
      out += String(d);
      const m = /STACK_READY (\{.*\})/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        done(String((JSON.parse(m[1]) as { startUrl: string }).startUrl));
      }
    });
    child.on('exit', (code) => fail(new Error(`the stack exited with ${code}`)));
  });
  return { child, startUrl };
}

/** Saves the viewport as `name`.png in outDir, quantized when `convert` exists; returns its size. */
async function save(page: Page, name: string): Promise<string> {
  const path = join(outDir, `${name}.png`);
  await page.screenshot({ path });
  try {
    execFileSync('convert', [path, '-strip', '-colors', '256', `PNG8:${path}`], { stdio: 'ignore' });
  } catch {
    // no ImageMagick: keep the full-colour PNG
  }
  return `${path} (${Math.round(statSync(path).size / 1024)} KB)`;
}

const dataDir = mkdtempSync(join(tmpdir(), 'kapi-shots-'));
let child: ChildProcess | undefined;
let browser: Browser | undefined;
try {
  const stack = await startStack(dataDir);
  child = stack.child;
  const startUrl = stack.startUrl;
  browser = await chromium.launch({ executablePath });
  mkdirSync(outDir, { recursive: true });
  const context = await browser.newContext({
    viewport: { width: 1600, height: 1000 },
    colorScheme: 'dark',
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
  await context.addInitScript(() => {
    const raw = localStorage.getItem('kapi-prefs');
    const p = raw ? JSON.parse(raw) : { state: {}, version: 1 };
    p.state = { ...p.state, theme: 'dark', language: 'ko' };
    localStorage.setItem('kapi-prefs', JSON.stringify(p));
  });
  const page = await context.newPage();
  await page.goto(startUrl);
  await page.getByTestId('orderbook').waitFor();
  await page.getByTestId('chart-canvas').first().waitFor();
  // one resting buy a little under the market, so the open-orders tab and the chart's order line show
  const placed = await page.evaluate(async () => {
    const tickers = await (await fetch('/api/v2/tickers?symbol=btc_krw')).json();
    const close = String(tickers.data[0].close).split('.')[0] ?? '0';
    const price = String(((BigInt(close) * 995n) / 1000n / 1_000_000n) * 1_000_000n);
    const body = { symbol: 'btc_krw', side: 'buy', orderType: 'limit', price, qty: '0.01' };
    const res = await fetch('/api/v2/orders', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    return `${res.status} ${await res.text()}`;
  });
  if (!placed.startsWith('200')) throw new Error(`placing the demo order failed: ${placed}`);
  await page.getByTestId('open-order-row').first().waitFor();
  await page.waitForTimeout(6_000); // a few seconds of trades on the tape and candles
  console.log(await save(page, 'trading'));

  await page.evaluate(() => {
    location.hash = '#/monitor';
  });
  await page.getByTestId('monitor-card').nth(2).waitFor();
  await page.getByTestId('wall-open').click();
  await page.getByTestId('wall-mode').getByTestId('monitor-card').nth(2).waitFor();
  await page.waitForTimeout(4_000);
  console.log(await save(page, 'wall'));
} finally {
  await browser?.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child?.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
