// The ledger's HTTP API against the real sandbox with the demo history (docs/contracts.md "Ledger and P&L"):
// the P&L, the tax year and the CSV export answer from the synced ledger and name the gaps they depend on;
// costs of coin deposits are entered and removed; bad input gets coded errors.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoHistory } from '../../sandbox/scenarios/demoHistory.js';
import { type Stack, startSandboxStack } from '../e2e/sandboxHarness.js';
import { type Loose, startTestProxy } from '../testing/harness.js';

let s: Stack;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  s = await startSandboxStack({ ledger: { periodMs: 0, readsPerSec: 200 } });
  seedDemoHistory(s.sbx.internals);
  await s.t.proxy.internals.ledger.sync.request();
});
afterAll(async () => {
  await s?.close();
});

const get = (path: string) => s.t.api('GET', path);

describe('ledger API (real sandbox, demo history)', () => {
  it('the P&L of the last 30 days is marked uncertain and names the gap before the first sync', async () => {
    const now = Date.now();
    const r = await get(`/api/pnl?from=${now - 30 * DAY}&to=${now}`);
    expect(r.status).toBe(200);
    const d = r.json.data;
    expect(d.query).toEqual({ from: now - 30 * DAY, to: now });
    expect(d.total.uncertain).toContain('ledgerGap');
    expect(d.gaps.some((g: Loose) => g.reason === 'beforeFirstSync' && g.list === 'trades')).toBe(true);
    expect(Array.isArray(d.perAsset)).toBe(true);
    // one account only: its gaps only
    const one = (await get(`/api/pnl?from=${now - 30 * DAY}&to=${now}&accounts=sandbox-hmac:2`)).json.data;
    expect(one.gaps.every((g: Loose) => g.accountSeq === 2)).toBe(true);
  });

  it('the last hour, inside what the ledger covers, depends on no gap', async () => {
    const now = Date.now();
    const d = (await get(`/api/pnl?from=${now - 3600_000}&to=${now}`)).json.data;
    expect(d.gaps).toEqual([]);
    expect(d.total.uncertain).not.toContain('ledgerGap');
  });

  it('coins the ledger never saw are opening lots: every holding is at least what the exchange reports', async () => {
    // the demo history does not touch balances, so the provisioned funds are outside the ledger (and the
    // history holds coins the balances do not: those are not taken away, the ledger cannot see why)
    const h = { 'x-profile': 'sandbox-hmac' };
    const bal = (await s.t.api('GET', '/api/v2/balance?accountSeq=3', { headers: h })).json.data as Loose[];
    const coins = bal.filter((b) => b.currency !== 'krw' && Number(b.balance) > 0);
    expect(coins.length).toBeGreaterThan(0);
    const now = Date.now();
    const d = (await get(`/api/pnl?from=${now - 3600_000}&to=${now}&accounts=sandbox-hmac:3`)).json.data;
    for (const b of coins) {
      const a = (d.perAsset as Loose[]).find((x) => x.currency === b.currency);
      expect(Number(a?.position ?? 0), b.currency).toBeGreaterThanOrEqual(Number(b.balance));
    }
    expect(d.total.uncertain).toContain('preLedgerHoldings');
  });

  it('bad periods and unknown profiles are coded errors', async () => {
    expect((await get('/api/pnl?from=5&to=3')).json.error.message).toBe('BAD_REQUEST');
    expect((await get('/api/pnl?from=abc')).json.error.message).toBe('BAD_REQUEST');
    const nobody = await get('/api/pnl?accounts=nobody:1');
    expect([nobody.status, nobody.json.error.message]).toEqual([404, 'PROFILE_NOT_FOUND']);
    expect((await get('/api/pnl/tax?year=19')).json.error.message).toBe('BAD_REQUEST');
    expect((await get('/api/ledger/export.csv?year=2026&part=x')).json.error.message).toBe('BAD_REQUEST');
    expect((await get('/api/ledger/events?limit=-5')).json.error.message).toBe('BAD_REQUEST');
    expect((await get('/api/ledger/events?kinds=fill')).json.error.message).toBe('BAD_REQUEST');
  });

  it('the tax year answers an estimate', async () => {
    const y = new Date(Date.now() + 9 * 3600_000).getUTCFullYear();
    const d = (await get(`/api/pnl/tax?year=${y}`)).json.data;
    expect(d).toMatchObject({ year: y, estimateOnly: true, deductionKrw: '2500000' });
  });

  it('the CSV export starts with one byte order mark and keeps Hangul', async () => {
    const y = new Date(Date.now() + 9 * 3600_000).getUTCFullYear();
    const res = await fetch(`${s.t.proxy.url}/api/ledger/export.csv?year=${y}`, {
      headers: { cookie: `kapi_session=${s.t.proxy.token}` },
    });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="ledger-${y}.csv"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.indexOf('\uFEFF', 1)).toBe(-1);
    expect(text).toContain('체결 내역');
    expect(text).toContain('체결시각(KST)');
    expect(text.split('\r\n').filter((l) => l.startsWith('20')).length).toBeGreaterThan(0);
  });

  it("a coin deposit's cost is entered, shown and removed; other events refuse one", async () => {
    const events = (await get('/api/ledger/events?kinds=deposit&limit=5000')).json.data.events as Loose[];
    const coin = events.find((e) => e.currency !== 'krw');
    const krw = events.find((e) => e.currency === 'krw');
    expect(coin && krw).toBeTruthy();
    const set = await s.t.api('POST', '/api/ledger/cost', {
      body: { eventId: coin.eventId, costKrw: '1500000' },
    });
    expect(set.json).toEqual({ success: true, data: { eventId: coin.eventId, costKrw: '1500000' } });
    const again = (await get('/api/ledger/events?kinds=deposit&limit=5000')).json.data.events as Loose[];
    expect(again.find((e) => e.eventId === coin.eventId).costKrw).toBe('1500000');
    expect((await get('/api/ledger/costs')).json.data.costs).toMatchObject([
      { eventId: coin.eventId, costKrw: '1500000' },
    ]);

    const onKrw = await s.t.api('POST', '/api/ledger/cost', { body: { eventId: krw.eventId, costKrw: '1' } });
    expect([onKrw.status, onKrw.json.error.message]).toEqual([400, 'LEDGER_COST_NOT_APPLICABLE']);
    const unknown = await s.t.api('POST', '/api/ledger/cost', {
      body: { eventId: 'deposit:btc:999999', costKrw: '1' },
    });
    expect([unknown.status, unknown.json.error.message]).toEqual([404, 'LEDGER_EVENT_NOT_FOUND']);
    const bad = await s.t.api('POST', '/api/ledger/cost', { body: { eventId: coin.eventId, costKrw: '-5' } });
    expect(bad.json.error.message).toBe('BAD_REQUEST');
    // coins held before the ledger begins
    const opening = await s.t.api('POST', '/api/ledger/cost', {
      body: { eventId: 'opening:sandbox-hmac:1:btc', costKrw: '42000000' },
    });
    expect(opening.json.success).toBe(true);

    const del = await s.t.api('DELETE', `/api/ledger/cost?eventId=${encodeURIComponent(coin.eventId)}`);
    expect(del.json).toEqual({ success: true, data: { eventId: coin.eventId } });
    expect((await get('/api/ledger/costs')).json.data.costs.map((c: Loose) => c.eventId)).toEqual([
      'opening:sandbox-hmac:1:btc',
    ]);
  });

  it('keys that can no longer be read: their accounts stay listed, with the error, and the P&L is uncertain', async () => {
    const creds = JSON.parse(readFileSync(s.sbx.credentialsPath, 'utf8')) as Loose;
    for (const k of [creds.hmac.apiKey, creds.ed25519.apiKey])
      expect((await s.admin('/keys/update', { apiKey: k, status: 'deactivated' })).success).toBe(true);
    try {
      const configDir = s.t.configDir;
      await s.t.proxy.close();
      s.t = await startTestProxy(
        { url: s.sbx.restUrl, wsPublicUrl: s.sbx.wsPublicUrl, wsPrivateUrl: s.sbx.wsPrivateUrl },
        { configDir, importCredentials: s.sbx.credentialsPath, ledger: { periodMs: 0, readsPerSec: 200 } },
      );
      await s.t.proxy.internals.ledger.sync.request();
      const accounts = (await get('/api/ledger/status')).json.data.accounts as Loose[];
      expect(accounts.length).toBeGreaterThanOrEqual(2);
      for (const a of accounts) {
        expect(a.lastError.code).toBe('KEY_DEACTIVATED');
        expect(a.eventCount).toBeGreaterThan(0);
        expect(a.gaps.some((g: Loose) => g.reason === 'unreadable' && g.lists.includes('trades'))).toBe(true);
      }
      const now = Date.now();
      const d = (await get(`/api/pnl?from=${now - 3600_000}&to=${now}`)).json.data;
      expect(d.total.uncertain).toContain('ledgerGap');
    } finally {
      for (const k of [creds.hmac.apiKey, creds.ed25519.apiKey])
        await s.admin('/keys/update', { apiKey: k, status: 'activated' });
    }
  });
});
