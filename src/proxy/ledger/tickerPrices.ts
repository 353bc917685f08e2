// The current KRW prices the P&L values positions at (GET /v2/tickers), kept a few seconds.
import { krwPrices, type TickerLike } from '../equity/valuation.js';
import type { Forwarder } from '../forward/forwarder.js';
import { readWithRetry } from '../orders/retry.js';

const PRICE_TTL_MS = 10_000;

/** Current KRW prices from /v2/tickers, kept PRICE_TTL_MS; the last ones (or none) when unreadable. */
export class TickerPrices {
  private last: { at: number; value: Record<string, string> } | null = null;

  constructor(
    private readonly forwarder: Forwarder,
    private readonly now: () => number,
  ) {}

  async read(): Promise<Record<string, string>> {
    const now = this.now();
    if (this.last && now - this.last.at < PRICE_TTL_MS) return this.last.value;
    try {
      const r = await readWithRetry(
        () => this.forwarder.execute({ method: 'GET', path: '/v2/tickers', params: [] }),
        { what: 'ledger prices' },
      );
      if (!r.envelope.success) return this.last?.value ?? {};
      const list = Array.isArray(r.envelope.data) ? (r.envelope.data as TickerLike[]) : [];
      this.last = { at: now, value: Object.fromEntries(krwPrices(list)) };
    } catch {
      // no prices now: the engine falls back to the last fill price and marks the figure (missingPrice)
      return this.last?.value ?? {};
    }
    return this.last.value;
  }
}
