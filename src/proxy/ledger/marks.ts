// Price history for the P&L engine (core/pnl PriceMark): closes of the exchange's KRW candles for every
// coin the ledger holds or traded. Without them a coin's price at a day start was its last fill before
// it (days or weeks old), or, for a coin held and never traded, its price when the balances were read:
// "today" then counted every move since that fill, or none at all. Three depths per coin, re-read at
// most every MARKS_TTL_MS: hourly closes for the last ~8 days, 4-hour closes for ~33 days, daily closes
// for ~200 days (GET /v2/candles, 200 rows each). A close is the price at its candle's end.
import { isDecimalString } from '../../core/decimal.js';
import { type Interval, intervalMs } from '../../core/intervals.js';
import type { PriceMark } from '../../core/pnl/types.js';
import type { Forwarder } from '../forward/forwarder.js';

const MARKS_TTL_MS = 10 * 60_000;
const DEPTHS: readonly Interval[] = ['60', '240', '1D'];
const ROWS = '200';

export class PriceMarks {
  private readonly byCoin = new Map<string, { at: number; marks: PriceMark[] }>();
  /** Bumped whenever a coin's marks are replaced (part of the index's cache key). */
  version = 0;

  constructor(
    private readonly forwarder: Forwarder,
    private readonly now: () => number,
  ) {}

  /** Reads the candles of the coins whose marks are missing or older than MARKS_TTL_MS. Never throws. */
  async refresh(coins: Iterable<string>): Promise<void> {
    const due = [...new Set(coins)].filter((c) => {
      const e = this.byCoin.get(c);
      return c !== 'krw' && (!e || this.now() - e.at >= MARKS_TTL_MS);
    });
    await Promise.all(due.map((c) => this.read(c)));
  }

  /** Every coin's marks. */
  all(): PriceMark[] {
    return [...this.byCoin.values()].flatMap((e) => e.marks);
  }

  private async read(coin: string): Promise<void> {
    const marks: PriceMark[] = [];
    for (const interval of DEPTHS) {
      try {
        const r = await this.forwarder.execute({
          method: 'GET',
          path: '/v2/candles',
          params: [
            ['symbol', `${coin}_krw`],
            ['interval', interval],
            ['limit', ROWS],
          ],
        });
        if (!r.envelope.success || !Array.isArray(r.envelope.data)) continue;
        const width = intervalMs(interval);
        for (const c of r.envelope.data as { timestamp?: unknown; close?: unknown }[]) {
          if (typeof c.timestamp !== 'number' || !isDecimalString(c.close)) continue;
          const end = Math.min(c.timestamp + width, this.now()) - 1;
          marks.push({ currency: coin, at: end, priceKrw: c.close });
        }
      } catch {
        // this depth is missing: the engine falls back to fills and says so (missingPrice)
      }
    }
    // a failed read keeps the marks it had, and is tried again at the next refresh
    if (marks.length === 0 && this.byCoin.has(coin)) return;
    this.byCoin.set(coin, { at: this.now(), marks });
    this.version++;
  }
}
