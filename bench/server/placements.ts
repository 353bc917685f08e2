// The placements part of the server bench: signed order placements with 16 in flight over 100
// accounts against GET /v2/time and a signed GET /v2/balance in the same rounds, with the sandbox's
// own CPU per request, its WAL fsyncs and its COMMITs (docs/performance.md, issue 20).
import type { Pool } from 'undici';
import { signParams } from '../../src/core/sign.js';
import { against, median, printRow, row } from '../results.js';
import { makeAccounts } from './accounts.js';
import { type Req, throughput } from './load.js';

export async function placementRows(
  direct: Pool,
  direct16: Pool,
  /** The sandbox's CPU time (µs), WAL fsyncs and COMMITs so far. */
  sandboxCpu: () => Promise<{ cpuUs: number; syncs: number; commits: number }>,
  opts: { placements: number; rounds: number },
) {
  const accounts = await makeAccounts(direct, 20, 5);
  console.log(
    `\n# sandbox throughput, 16 in flight (${opts.placements} requests x ${opts.rounds} rounds; placements over ${accounts.length} accounts)`,
  );
  const ask = (await (
    await direct.request({ method: 'GET', path: '/v2/tickers?symbol=btc_krw' })
  ).body.json()) as {
    data: Array<{ close: string }>;
  };
  const price = ask.data[0]!.close;
  const place = (i: number): Req => {
    const a = accounts[i % accounts.length]!;
    return {
      method: 'POST',
      path: '/v2/orders',
      headers: { 'x-kapi-key': a.apiKey, 'content-type': 'application/x-www-form-urlencoded' },
      body: signParams(
        [
          ['symbol', 'btc_krw'],
          ['side', 'buy'],
          ['orderType', 'limit'],
          ['price', price],
          ['qty', '0.0001'],
          ['timeInForce', 'ioc'],
          ['accountSeq', String(a.accountSeq)],
          ['timestamp', String(Date.now())],
        ],
        { type: 'hmac-sha256', secret: a.secret },
      ),
    };
  };
  const time = (): Req => ({ method: 'GET', path: '/v2/time', headers: {} });
  // a signed read of the same accounts: what authentication, the rate limit and a small answer cost
  // without matching or storage, so the placement's own part can be told from the request path's
  const balance = (i: number): Req => {
    const a = accounts[i % accounts.length]!;
    const q = [
      ['accountSeq', String(a.accountSeq)],
      ['timestamp', String(Date.now())],
    ] as [string, string][];
    return {
      method: 'GET',
      path: `/v2/balance?${signParams(q, { type: 'hmac-sha256', secret: a.secret })}`,
      headers: { 'x-kapi-key': a.apiKey },
    };
  };
  // warm-up to the steady state of a long-running sandbox: with 1,000 of each the first measured
  // round still ran 20-30 % more CPU per request than the third (V8 was still optimising the
  // deeper paths; on two busy cores its background compiler gets little time), so two rounds'
  // worth of each first, then a pause that lets the compiler finish
  await throughput(direct16, opts.placements * 2, 16, place);
  await throughput(direct16, opts.placements * 8, 16, time);
  await throughput(direct16, opts.placements * 4, 16, balance);
  await new Promise((r) => setTimeout(r, 2000));
  const placeRates: number[] = [];
  const timeRates: number[] = [];
  const balanceRates: number[] = [];
  const placeCpu: number[] = [];
  const timeCpu: number[] = [];
  const balanceCpu: number[] = [];
  // the sandbox's own CPU per request beside the rates: steadier than wall time on a shared machine
  const perSync: number[] = [];
  const perCommit: number[] = [];
  const timed = async (total: number, make: (i: number) => Req, rates: number[], cpu: number[]) => {
    const c0 = await sandboxCpu();
    rates.push(await throughput(direct16, total, 16, make));
    const c1 = await sandboxCpu();
    cpu.push((c1.cpuUs - c0.cpuUs) / total);
    if (make === place) {
      perSync.push(total / Math.max(1, c1.syncs - c0.syncs));
      perCommit.push(total / Math.max(1, c1.commits - c0.commits));
    }
  };
  for (let r = 0; r < opts.rounds; r++) {
    await timed(opts.placements * 4, time, timeRates, timeCpu);
    await timed(opts.placements, place, placeRates, placeCpu);
    await timed(opts.placements * 2, balance, balanceRates, balanceCpu);
  }
  const timeRow = row('GET /v2/time, 16 in flight', 'req/s', timeRates);
  const placeRow = against(
    row(`signed order placements, 16 in flight, ${accounts.length} accounts`, 'orders/s', placeRates),
    timeRow,
    true,
  );
  const ratioRow = row(
    'placements per GET /v2/time (within each round)',
    'x',
    placeRates.map((p, i) => p / timeRates[i]!),
  );
  const balanceRow = row('signed GET /v2/balance, 16 in flight, same accounts', 'req/s', balanceRates);
  const perSigned = row(
    'placements per signed GET /v2/balance (within each round)',
    'x',
    placeRates.map((p, i) => p / balanceRates[i]!),
  );
  const cpuRows = [
    balanceRow,
    perSigned,
    row('sandbox CPU per GET /v2/time', 'µs', timeCpu),
    row('sandbox CPU per signed GET /v2/balance', 'µs', balanceCpu),
    row('sandbox CPU per placement', 'µs', placeCpu),
    row('placements per WAL fsync (group commit)', 'orders', perSync),
    row('placements per COMMIT (one per event-loop turn)', 'orders', perCommit),
  ];
  const rows = [timeRow, placeRow, ratioRow, ...cpuRows];
  for (const r of rows) printRow(r);
  return {
    rows,
    placementsPerSecond: placeRow.median,
    placementsPerTimeRequest: median(placeRates.map((p, i) => p / timeRates[i]!)),
  };
}
