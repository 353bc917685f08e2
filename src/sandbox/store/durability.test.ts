import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, makeUser, startSandbox, tempDir } from '../testing/client.js';

const cleanup: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanup) await c();
});

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

describe('durability', () => {
  it('a restart resumes exactly: balances, resting orders on the book, order history, keys', async () => {
    const env = await startSandbox({ rateLimitScale: 100 });
    const mm = await makeUser(env, 'mm', { krw: '100000000', eth: '100' });
    for (const price of ['5000000', '5001000', '5002000']) {
      await mm.client.data('POST', '/v2/orders', {
        symbol: 'eth_krw',
        side: 'sell',
        orderType: 'limit',
        price,
        qty: '1',
      });
    }
    await env.hmac.data('POST', '/v2/orders', {
      symbol: 'eth_krw',
      side: 'buy',
      orderType: 'limit',
      price: '5001000',
      qty: '1.5',
    });
    const resting = await env.hmac.data('POST', '/v2/orders', {
      symbol: 'eth_krw',
      side: 'buy',
      orderType: 'limit',
      price: '4990000',
      qty: '0.3',
      clientOrderId: 'durable-1',
      accountSeq: 2,
    });
    const snapshot = async (e: typeof env, c: Client, m: Client) => ({
      b1: await c.data('GET', '/v2/balance'),
      b2: await c.data('GET', '/v2/balance', { accountSeq: 2 }),
      mm: await m.data('GET', '/v2/balance'),
      book: (await e.hmac.pub('/v2/orderbook?symbol=eth_krw')).body.data,
      open2: await c.data('GET', '/v2/openOrders', { symbol: 'eth_krw', accountSeq: 2 }),
      mmOpen: await m.data('GET', '/v2/openOrders', { symbol: 'eth_krw' }),
      all: await c.data('GET', '/v2/allOrders', { symbol: 'eth_krw' }),
      trades: (await e.hmac.pub('/v2/trades?symbol=eth_krw')).body.data,
      ticker: (await e.hmac.pub('/v2/tickers?symbol=eth_krw')).body.data[0],
    });
    const before = await snapshot(env, env.hmac, mm.client);
    expect(before.book.asks[0]).toEqual({ price: '5001000', qty: '0.5' });
    await env.sb.close();

    const again = await startSandbox({ dataDir: env.dir, rateLimitScale: 100 });
    cleanup.push(() => again.sb.close());
    expect(again.sb.credentials).toEqual(env.sb.credentials);
    const after = await snapshot(again, again.hmac, new Client(again.sb.restUrl, mm.client.key));
    const { book: b0, ...restBefore } = before;
    const { book: b1, ...restAfter } = after;
    expect(restAfter).toEqual(restBefore);
    expect({ bids: b1.bids, asks: b1.asks }).toEqual({ bids: b0.bids, asks: b0.asks });
    // the resting order still trades after the restart, in time priority
    const seller = new Client(again.sb.restUrl, mm.client.key);
    await seller.data('POST', '/v2/orders', {
      symbol: 'eth_krw',
      side: 'sell',
      orderType: 'limit',
      price: '4990000',
      qty: '0.3',
    });
    const o = await again.hmac.data('GET', '/v2/orders', {
      symbol: 'eth_krw',
      clientOrderId: 'durable-1',
      accountSeq: 2,
    });
    expect(o).toMatchObject({ orderId: resting.orderId, status: 'filled' });
    expect(again.sb.internals.ledger.checkInvariants()).toEqual([]);
    expect((fs.statSync(again.sb.credentialsPath).mode & 0o777).toString(8)).toBe('600');
  });

  it('kill -9 loses nothing acknowledged', async () => {
    const dir = tempDir();
    // The sandbox must run in the spawned process itself (node --import tsx), not in a grandchild
    // of the tsx wrapper: SIGKILL then really kills the process that holds the database.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0', '--data-dir', dir, '--no-simulate'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /sandbox REST\s+(\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', () => reject(new Error(`exited: ${out}`)));
    });
    const creds = JSON.parse(fs.readFileSync(path.join(dir, 'credentials.json'), 'utf8'));
    const c = new Client(url, { apiKey: creds.hmac.apiKey, type: 'hmac', secret: creds.hmac.secret });
    const placed = await c.data('POST', '/v2/orders', {
      symbol: 'btc_krw',
      side: 'buy',
      orderType: 'limit',
      price: '100000000',
      qty: '0.01',
    });
    const moved = await c.data('POST', '/v2/accountTransfer', {
      accountSeq: 1,
      toAccountSeq: 2,
      currency: 'krw',
      amount: '12345',
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    // nothing of the killed sandbox is left answering
    await expect(fetch(`${url}/v2/time`)).rejects.toThrow();
    const env = await startSandbox({ dataDir: dir });
    cleanup.push(() => env.sb.close());
    expect(
      (await env.hmac.data('GET', '/v2/orders', { symbol: 'btc_krw', orderId: placed.orderId })).status,
    ).toBe('open');
    expect((await env.hmac.pub('/v2/orderbook?symbol=btc_krw')).body.data.bids[0]).toEqual({
      price: '100000000',
      qty: '0.01',
    });
    const krw = (await env.hmac.data('GET', '/v2/balance', { currencies: 'krw' }))[0];
    expect(krw).toMatchObject({ balance: '99987655', tradeInUse: '1000000' });
    expect(
      (await env.hmac.data('GET', '/v2/accountTransfer', { accountSeq: 2, transferId: moved.transferId }))
        .amount,
    ).toBe('12345');
  }, 60_000);
});

describe('balance invariant after a random order storm', () => {
  it('no negative balance; balances + fees = funding + deposits - withdrawals; holds match open orders', async () => {
    const env = await startSandbox({ rateLimitScale: 1000 });
    cleanup.push(() => env.sb.close());
    const users = [env.hmac];
    for (const n of ['a', 'b', 'c']) {
      users.push(
        (await makeUser(env, `storm-${n}`, { krw: '50000000', xrp: '20000', doge: '500000' })).client,
      );
    }
    const rnd = rng(42);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const mids: Record<string, number> = { xrp_krw: 3000, doge_krw: 350 };
    const ticks: Record<string, number> = { xrp_krw: 1, doge_krw: 0.1 };
    let ok = 0;
    for (let i = 0; i < 400; i++) {
      const c = pick(users);
      const symbol = pick(['xrp_krw', 'doge_krw'] as const);
      const side = pick(['buy', 'sell'] as const);
      const kind = pick(['limit', 'limit', 'limit', 'market', 'best', 'cancel'] as const);
      const price = (
        Math.round((mids[symbol]! * (0.97 + rnd() * 0.06)) / ticks[symbol]!) * ticks[symbol]!
      ).toFixed(1);
      const qty = (Math.round((8000 + rnd() * 200000) / Number(price)) + 0.5).toFixed(2);
      let p: Record<string, string | number>;
      if (kind === 'cancel') {
        const open = await c.data('GET', '/v2/openOrders', { symbol });
        if (open.length === 0) continue;
        const r = await c.call('DELETE', '/v2/orders', {
          symbol,
          orderId: pick(open as Array<{ orderId: number }>).orderId,
        });
        if (r.body.success) ok++;
        continue;
      }
      if (kind === 'limit')
        p = { side, orderType: 'limit', price, qty, timeInForce: pick(['gtc', 'gtc', 'ioc', 'fok', 'po']) };
      else if (kind === 'market')
        p = side === 'buy' ? { side, orderType: 'market', amt: '20000' } : { side, orderType: 'market', qty };
      else
        p = {
          side,
          orderType: 'best',
          ...(side === 'buy' ? { amt: '30000' } : { qty }),
          timeInForce: pick(['ioc', 'fok', 'po', 'gtc']),
          bestNth: 1 + Math.floor(rnd() * 5),
        };
      const r = await c.call('POST', '/v2/orders', { symbol, ...p, pp: rnd() < 0.2 ? 'true' : 'false' });
      expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
      if (r.body.success) ok++;
    }
    expect(ok).toBeGreaterThan(200);
    const trades = (await env.hmac.pub('/v2/trades?symbol=xrp_krw&limit=500')).body.data;
    expect(trades.length).toBeGreaterThan(20);
    const sbx = env.sb.internals;
    expect(sbx.ledger.checkInvariants()).toEqual([]);
    // tradeInUse of every account equals the sum of its open orders' holds
    const held = new Map<string, bigint>();
    for (const o of sbx.trading.open.values()) {
      const m = sbx.markets.get(o.symbol)!;
      const k = `${o.userId}:${o.accountSeq}:${o.side === 'buy' ? m.quoteCurrency : m.baseCurrency}`;
      held.set(k, (held.get(k) ?? 0n) + BigInt(o.hold));
    }
    for (const u of sbx.users.listUsers()) {
      for (const a of sbx.users.accounts(u.id)) {
        for (const cur of ['krw', 'xrp', 'doge']) {
          const b = sbx.ledger.get(u.id, a.accountSeq, cur);
          expect(b.trade, `${u.name}/${a.accountSeq}/${cur}`).toBe(
            held.get(`${u.id}:${a.accountSeq}:${cur}`) ?? 0n,
          );
        }
      }
    }
    // and the same holds after a restart
    await env.sb.close();
    const again = await startSandbox({ dataDir: env.dir });
    cleanup.push(() => again.sb.close());
    expect(again.sb.internals.ledger.checkInvariants()).toEqual([]);
    expect(again.sb.internals.trading.open.size).toBe(sbx.trading.open.size);
  }, 120_000);
});
