// `npm run bench -- pnl`: the investment-results engine at size (issue 21 item 5): 100,000 fills across
// 10 accounts over a year, built into the index once, then period queries (what the page asks on a
// period change) timed in ms against a plain pass over the same events in the same run.
import { DAY_MS, kstDayStart } from '../../src/core/desk/dayPnl.js';
import { appendToIndex } from '../../src/core/pnl/append.js';
import { deposit, fill, P, transfer } from '../../src/core/pnl/fixtures.js';
import { buildPnlIndex } from '../../src/core/pnl/pnlIndex.js';
import { queryPnl } from '../../src/core/pnl/query.js';
import type { LedgerEvent, PnlQuery, PriceMark } from '../../src/core/pnl/types.js';
import { seededRandom } from '../../src/core/seededRandom.js';
import { against, printRow, type Row, row } from '../results.js';
import { benchPnlService } from './service.js';

const COINS = ['btc', 'eth', 'xrp', 'sol', 'doge'];
const BASE = [100_000_000, 4_000_000, 800, 200_000, 150];

export function history(fills: number, accounts: number, start: number, days: number) {
  const r = seededRandom(42);
  const events: LedgerEvent[] = [];
  const marks: PriceMark[] = [];
  const step = (days * DAY_MS) / fills;
  const level = BASE.map((b) => b);
  for (let a = 1; a <= accounts; a++) events.push(deposit(`a${a}`, start, 'krw', '50000000000', a));
  let day = -1;
  for (let i = 0; i < fills; i++) {
    const at = Math.floor(start + 1000 + i * step);
    const d = Math.floor((at - start) / DAY_MS);
    if (d !== day) {
      day = d;
      COINS.forEach((currency, k) => {
        marks.push({ currency, at: start + d * DAY_MS, priceKrw: String(Math.round(level[k] as number)) });
      });
    }
    const c = Math.floor(r() * COINS.length);
    level[c] = (level[c] as number) * (1 + (r() - 0.5) * 0.004);
    const price = Math.max(1, Math.round(level[c] as number)).toString();
    const acct = 1 + Math.floor(r() * accounts);
    const qty = (r() * 2).toFixed(4);
    const fee = (Number(price) * Number(qty) * 0.0005).toFixed(0);
    events.push(fill(i, at, r() < 0.52 ? 'buy' : 'sell', price, qty, fee, 'krw', acct, `${COINS[c]}_krw`));
    if (i % 2000 === 0) events.push(deposit(`d${i}`, at + 1, 'krw', '1000000', acct));
    if (i % 5000 === 1) events.push(transfer(`t${i}`, at + 1, 'krw', '500000', acct, 1 + (acct % accounts)));
  }
  return { events, marks };
}

const time = (fn: () => void, rounds: number): number[] => {
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return out;
};

/** CPU ms of this process (user + system): what the work costs when the shared machine is busy. */
const cpu = (fn: () => void, rounds: number): number[] => {
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const c0 = process.cpuUsage();
    fn();
    const c = process.cpuUsage(c0);
    out.push((c.user + c.system) / 1000);
  }
  return out;
};

export async function benchPnl(fills = 100_000, accounts = 10, rounds = 7) {
  console.log(`\n# investment results: ${fills.toLocaleString()} fills, ${accounts} accounts, one year`);
  const start = kstDayStart(Date.UTC(2026, 0, 1));
  const days = 365;
  const { events, marks } = history(fills, accounts, start, days);
  const now = start + days * DAY_MS - 3600_000;
  let index = buildPnlIndex({ events, marks });
  const rebuild = () => {
    index = buildPnlIndex({ events, marks });
  };
  const build = row('build the index (once per ledger change)', 'ms cpu', cpu(rebuild, 2));
  let sink = 0;
  const pass = () => {
    for (const e of events) if (e.kind === 'trade') sink += e.qty.length + e.price.length;
  };
  const plain = row('baseline: one plain pass over the events', 'ms', time(pass, rounds));
  const plainCpu = row('baseline: the same pass, CPU time', 'ms cpu', cpu(pass, rounds));
  const today = kstDayStart(now);
  const live = Object.fromEntries(COINS.map((c, k) => [c, String(BASE[k])]));
  const periods: [string, number][] = [
    ['today', today],
    ['7 days', today - 6 * DAY_MS],
    ['30 days', today - 29 * DAY_MS],
    ['3 months', today - 89 * DAY_MS],
    ['this year', start],
  ];
  const rows: Row[] = [build, plain, plainCpu];
  queryPnl(index, { from: start, to: now + 1, scope: 'all', livePrices: live }); // warm-up
  for (const [name, from] of periods) {
    const q: PnlQuery = { from, to: now + 1, scope: 'all', livePrices: live };
    const go = () => queryPnl(index, q);
    rows.push(against(row(`period query: ${name}, all accounts`, 'ms', time(go, rounds)), plain, false));
    rows.push(against(row('  same, CPU time', 'ms cpu', cpu(go, rounds)), plainCpu, false));
  }
  const one: PnlQuery = {
    from: start,
    to: now + 1,
    scope: [{ profileId: P, accountSeq: 3 }],
    livePrices: live,
  };
  const goOne = () => queryPnl(index, one);
  rows.push(against(row('period query: this year, one account', 'ms', time(goOne, rounds)), plain, false));
  rows.push(against(row('  same, CPU time', 'ms cpu', cpu(goOne, rounds)), plainCpu, false));
  // A fill arrives: append it on top (the common case) instead of building again.
  let n = 0;
  const appendOne = () => {
    n++;
    const e = fill(
      `new${n}`,
      index.lastAt + 1,
      'buy',
      String(BASE[0]),
      '0.01',
      '500',
      'krw',
      1 + (n % accounts),
      'btc_krw',
    );
    index = appendToIndex(index, { events: [e] });
  };
  const append = row('append one new fill to the index', 'ms cpu', cpu(appendOne, rounds));
  rows.push(against(append, build, false));
  rows.push(...(await benchPnlService(events, accounts, now, rounds, append)));
  for (const r of rows) printRow(r);
  if (sink < 0) console.log(sink);
  return { fills, accounts, events: events.length, rows };
}
