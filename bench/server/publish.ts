// Publish-rate section: a simulated sandbox (its market moving on its own), one WebSocket client
// subscribed to one pair's order book, alone and then together with ticker and trade. Counts the
// order-book frames delivered per second, and the book changes the market made in the same time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createSandbox } from '../../src/sandbox/index.js';
import { printRow, type Row, row } from '../results.js';

// The simulation alone moves a book a few times a second; a driver joins the best bid every
// MOVE_MS on top of it, so the book moves ~100 times a second, well over the 20 updates a
// second a subscriber must get.
const MOVE_MS = 10;

async function count(url: string, types: string[], seconds: number): Promise<number> {
  const ws = new WebSocket(url);
  await new Promise((r, j) => {
    ws.once('open', r);
    ws.once('error', j);
  });
  let books = 0;
  let counting = false;
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as { type?: string; snapshot?: boolean };
    if (counting && m.type === 'orderbook' && !m.snapshot) books++;
  });
  ws.send(
    JSON.stringify(
      types.map((type, i) => ({ requestId: i + 1, method: 'subscribe', type, symbols: ['btc_krw'] })),
    ),
  );
  await new Promise((r) => setTimeout(r, 1000));
  counting = true;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  ws.close();
  return books / seconds;
}

export async function benchPublish(seconds: number, rounds: number) {
  const dir = mkdtempSync(join(tmpdir(), 'kapi-bench-pub-'));
  const sb = await createSandbox({
    port: 0,
    dataDir: dir,
    seed: 42,
    simulate: true,
    historyDays: 0,
    log: () => {},
  });
  let mover: NodeJS.Timeout | undefined;
  try {
    let changes = 0;
    sb.context.bus.on('book', (e: { symbol: string }) => {
      if (e.symbol === 'btc_krw') changes++;
    });
    const ex = sb.context.exchange;
    const who = { userId: sb.internals.demoUserId, accountSeq: 1, symbol: 'btc_krw' };
    // each move adds a bigger order at the best bid and cancels the oldest of five, so no two
    // moves leave the top of the book the same
    const resting: number[] = [];
    let i = 0;
    mover = setInterval(() => {
      if (resting.length >= 5) ex.cancelOrder({ ...who, orderId: resting.shift()! });
      const bid = ex.getOrderbook('btc_krw', 1).bids[0]?.price;
      if (!bid) return;
      const qty = (0.0001 * (1 + (i++ % 1000))).toFixed(4);
      const r = ex.placeOrder({ ...who, side: 'buy', orderType: 'limit', price: bid, qty });
      if (r.ok) resting.push(r.value.orderId);
    }, MOVE_MS);
    const alone: number[] = [];
    const withTicker: number[] = [];
    const moves: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const c0 = changes;
      const t0 = performance.now();
      alone.push(await count(sb.wsPublicUrl, ['orderbook'], seconds));
      withTicker.push(await count(sb.wsPublicUrl, ['orderbook', 'ticker', 'trade'], seconds));
      moves.push(((changes - c0) / (performance.now() - t0)) * 1000);
    }
    console.log(
      `\n# public order-book updates delivered per second, btc_krw, book moved every ${MOVE_MS} ms (${seconds} s x ${rounds} rounds)`,
    );
    const rows: Row[] = [
      row('market book changes (bus events) per s', 'per s', moves),
      row('orderbook frames/s, orderbook alone', 'per s', alone),
      row('orderbook frames/s, with ticker + trade', 'per s', withTicker),
    ];
    for (const r of rows) printRow(r);
    return { rows };
  } finally {
    clearInterval(mover);
    await sb.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
