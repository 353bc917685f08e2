/** Random and hostile input to every endpoint: always a 4xx/2xx JSON envelope, never a 5xx or a crash. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../core/permissions.js';
import { startSandbox } from '../testing/client.js';

let env: Awaited<ReturnType<typeof startSandbox>>;
const logs: string[] = [];
beforeAll(async () => {
  env = await startSandbox({ rateLimitScale: 1000, log: (l) => logs.push(l) });
});
afterAll(async () => {
  await env.sb.close();
});

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const NAMES = [
  'symbol',
  'side',
  'orderType',
  'price',
  'qty',
  'amt',
  'timeInForce',
  'bestNth',
  'pp',
  'ppPercent',
  'clientOrderId',
  'orderId',
  'limit',
  'interval',
  'start',
  'end',
  'startTime',
  'endTime',
  'level',
  'currency',
  'currencies',
  'amount',
  'address',
  'network',
  'coinWithdrawalId',
  'coinDepositId',
  'transferId',
  'toAccountSeq',
  'accountSeq',
  'recvWindow',
  'x',
];
const VALUES = [
  'btc_krw',
  'BTC_KRW',
  'buy',
  'sell',
  'limit',
  'market',
  'best',
  'gtc',
  'ioc',
  'fok',
  'po',
  '1',
  '0',
  '-1',
  '1e9',
  '1E-3',
  '0.00000000001',
  '99999999999999999999999999',
  'NaN',
  'Infinity',
  'true',
  'null',
  '',
  ' ',
  '1.',
  '.5',
  '0x10',
  '１',
  '140000000',
  '0.001',
  'krw',
  'btc',
  '5',
  '2',
  '1D',
  '1W',
  '100000',
  'a'.repeat(5000),
  '%',
  '%zz',
  '%E2%82',
  '🙂',
  "'; DROP TABLE orders; --",
  '__proto__',
  'constructor',
];

describe('fuzz', () => {
  it('answers every random request with a JSON envelope below 500 and keeps invariants', async () => {
    const rnd = rng(1234);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const statuses = new Map<number, number>();
    for (let i = 0; i < 400; i++) {
      const ep = pick(ENDPOINTS);
      const params: Record<string, string> = {};
      const n = Math.floor(rnd() * 6);
      for (let k = 0; k < n; k++) params[pick(NAMES)] = pick(VALUES);
      if (params.recvWindow !== undefined && rnd() < 0.7) delete params.recvWindow;
      let r: { status: number; body: unknown };
      if (ep.auth === 'public' || rnd() < 0.2) {
        const qs = Object.entries(params)
          .map(([k, v]) => `${k}=${rnd() < 0.8 ? encodeURIComponent(v) : v}`)
          .join('&');
        const res = await fetch(`${env.sb.restUrl}${ep.path}${qs ? `?${qs}` : ''}`, { method: ep.method });
        r = { status: res.status, body: await res.json() };
      } else {
        r = await env.hmac.call(ep.method, ep.path, params);
      }
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      expect(r.status, `${ep.method} ${ep.path} ${JSON.stringify(params)}`).toBeLessThan(500);
      expect(r.body).toHaveProperty('success');
    }
    expect(statuses.get(200) ?? 0).toBeGreaterThan(10);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(100);
    expect(env.sb.internals.ledger.checkInvariants()).toEqual([]);
    expect((await env.hmac.pub('/v2/time')).status).toBe(200);
    expect(logs.filter((l) => l.includes('unexpected'))).toEqual([]);
  }, 60_000);
});
