// kill -9 during the first sync (issue 21 item 1): the proxy runs in its own process against the real
// sandbox with the demo user's history, is killed while the sync is half way, and a restarted proxy on
// the same config dir ends with every fill the exchange answers exactly once.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoHistory } from '../../sandbox/scenarios/demoHistory.js';
import { type Stack, startSandboxStack } from '../e2e/sandboxHarness.js';
import { type Loose, sleep, startTestProxy, tempDir } from '../testing/harness.js';
import { sandboxFillIds } from './testing/sandboxLedger.js';

let s: Stack;
const SYM = 'xrp_krw';
beforeAll(async () => {
  s = await startSandboxStack();
  seedDemoHistory(s.sbx.internals);
  // recent fills on one pair, more than a page holds, so its walk has to split its window several times
  await s.admin('/market/sim', { symbol: SYM, enabled: true });
  for (let i = 0; i < 200; i++) {
    const book = await s.t.api('GET', `/api/v2/orderbook?symbol=${SYM}`);
    if (book.json.data?.asks?.length) break;
    await sleep(25);
  }
  for (let i = 0; i < 8; i++) {
    const r = await s.t.api('POST', '/api/v2/orders', {
      body: { symbol: SYM, side: 'buy', orderType: 'market', amt: '10000' },
    });
    expect(r.json.success).toBe(true);
  }
  await s.admin('/market/sim', { symbol: SYM, enabled: false });
});
afterAll(async () => {
  await s?.close();
});

describe('ledger sync across kill -9 (real sandbox, demo history)', () => {
  it('a sync killed half way and run again finds every fill exactly once', async () => {
    const configDir = tempDir('kapi-ledger-kill-');
    const token = 'ledger-kill-session-token-0123456789abcdef';
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, '..', 'testing', 'childProxy.ts'),
        JSON.stringify({
          restUrl: s.sbx.restUrl,
          wsPublicUrl: s.sbx.wsPublicUrl,
          wsPrivateUrl: s.sbx.wsPrivateUrl,
          configDir,
          credentials: s.sbx.credentialsPath,
          ledger: { periodMs: 0, readsPerSec: 4, pageLimit: 2 },
        }),
      ],
      { env: { ...process.env, KAPI_TEST_TOKEN: token }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_c, sig) => r(sig)));
    await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += String(d);
        const m = /READY (\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', () => reject(new Error('child proxy exited before it was ready')));
    });
    // kill -9 while that pair's walk is half way: some of its fills stored, not all
    const want = sandboxFillIds(s.sbx, 1, Date.now() - 3600_000).filter((id) =>
      id.startsWith(`trade:${SYM}:`),
    );
    expect(want.length).toBeGreaterThanOrEqual(8);
    const storedOf = () => {
      try {
        const db = new Database(join(configDir, 'ledger.sqlite'), { readonly: true, fileMustExist: true });
        try {
          return (
            db.prepare('SELECT count(*) AS n FROM events WHERE event_id LIKE ?').get(`trade:${SYM}:%`) as {
              n: number;
            }
          ).n;
        } finally {
          db.close();
        }
      } catch {
        return 0; // not created yet
      }
    };
    for (let i = 0; i < 3000 && storedOf() === 0; i++) await sleep(10);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const killedAt = storedOf();
    expect(killedAt).toBeGreaterThan(0);
    expect(killedAt).toBeLessThan(want.length);

    const again = await startTestProxy(
      { url: s.sbx.restUrl, wsPublicUrl: s.sbx.wsPublicUrl, wsPrivateUrl: s.sbx.wsPrivateUrl },
      {
        configDir,
        importCredentials: s.sbx.credentialsPath,
        ledger: { periodMs: 0, readsPerSec: 200, pageLimit: 2 },
      },
    );
    try {
      const ledger = again.proxy.internals.ledger;
      await ledger.sync.request();
      const accounts = (await again.api('GET', '/api/ledger/status')).json.data.accounts as Loose[];
      let total = 0;
      for (const a of accounts) {
        // per pair: every fill since the oldest time that pair's first read reached
        const expected: string[] = [];
        for (const c of ledger.store.cursors(a.owner, a.accountSeq)) {
          if (c.list !== 'trades') continue;
          expected.push(
            ...sandboxFillIds(s.sbx, a.accountSeq, c.oldestReached ?? 0).filter((id) =>
              id.startsWith(`trade:${c.part}:`),
            ),
          );
        }
        const stored = ledger.store
          .events(a.owner, a.accountSeq)
          .filter((e) => e.record.kind === 'trade')
          .map((e) => e.eventId);
        expect(stored.sort()).toEqual(expected.sort());
        expect(new Set(stored).size).toBe(stored.length);
        total += a.eventCount;
      }
      expect(total).toBeGreaterThan(killedAt);
      // and a further sync adds nothing
      await ledger.sync.request();
      const after = (await again.api('GET', '/api/ledger/status')).json.data.accounts as Loose[];
      expect(after.reduce((n, a) => n + a.eventCount, 0)).toBe(total);
    } finally {
      await again.proxy.close();
    }
  });
});
