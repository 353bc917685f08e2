// A second sandbox used as paper mode's "live" source in e2e/paper.spec.ts (started by fixtures.ts when
// stackOptions.paper is set). Its own market is not simulated; btc_krw gets a fixed ladder from a
// market-maker user (placed in-process, so the request log holds only what others asked), and every
// request it receives is appended to <data-dir>/requests.ndjson.
//   node --import tsx e2e/paperSource.ts --data-dir DIR
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createSandbox } from '../src/sandbox/index.js';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' } } });
const dir = values['data-dir'] ?? '.';
const logPath = join(dir, 'requests.ndjson');
const sb = await createSandbox({
  dataDir: join(dir, 'source'),
  port: 0,
  simulate: false,
  historyDays: 1,
  onRequest: (e) => appendFileSync(logPath, `${JSON.stringify(e)}\n`),
});
// the ladder the paper market buy walks: asks 140,000,000 up by 10,000 won; bids from 139,990,000 down
const maker = sb.context.exchange.createBotUser('e2e-source-maker', { btc: '100', krw: '100000000000' });
const place = (side: 'buy' | 'sell', price: number, qty: string) => {
  const r = sb.context.exchange.placeOrder({
    userId: maker,
    accountSeq: 1,
    symbol: 'btc_krw',
    side,
    orderType: 'limit',
    price: String(price),
    qty,
  });
  if (!r.ok || r.value.status !== 'open') throw new Error(`ladder order refused: ${JSON.stringify(r)}`);
};
const sizes = ['0.001', '0.002', '0.0015', '0.004', '0.003', '0.01', '0.02', '0.05'];
sizes.forEach((q, i) => {
  place('sell', 140_000_000 + i * 10_000, q);
  place('buy', 139_990_000 - i * 10_000, q);
});
console.log(
  `SOURCE_READY ${JSON.stringify({ restUrl: sb.restUrl, adminUrl: sb.adminUrl, requestLog: logPath })}`,
);
const stop = async () => {
  await sb.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
