// Test-only: what the sandbox itself holds for the demo user (its own ledger), to compare the proxy's with.
import type { Sandbox } from '../../e2e/sandboxHarness.js';

/** Event ids (the ledger's form) of the demo user's fills in `seq` at or after `since`. */
export function sandboxFillIds(sbx: Sandbox, seq: number, since: number): string[] {
  const rows = sbx.internals.store.db
    .prepare('SELECT data FROM my_trades WHERE user_id = ? AND seq = ? AND ts >= ?')
    .all(sbx.internals.demoUserId, seq, since) as { data: string }[];
  return rows
    .map((r) => JSON.parse(r.data) as { symbol: string; tradeId: number; orderId: number })
    .map((t) => `trade:${t.symbol}:${t.tradeId}:${t.orderId}`)
    .sort();
}

export function sandboxFillCount(sbx: Sandbox, seq: number): number {
  const r = sbx.internals.store.db
    .prepare('SELECT count(*) AS n FROM my_trades WHERE user_id = ? AND seq = ?')
    .get(sbx.internals.demoUserId, seq) as { n: number };
  return r.n;
}

/**
 * Writes `n` past fills of the demo user straight into the sandbox's own fill table (as its demo history
 * does): a busy account whose first sync takes many reads. Spread over the last `spanMs`.
 */
export function seedBusyFills(sbx: Sandbox, seq: number, symbol: string, n: number, spanMs: number): void {
  const db = sbx.internals.store.db;
  const ins = db.prepare('INSERT INTO my_trades(user_id, seq, symbol, ts, data) VALUES (?, ?, ?, ?, ?)');
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const ts = now - spanMs + Math.floor((i * spanMs) / n);
      const t = {
        symbol,
        tradeId: 900_000 + seq * 100_000 + i,
        orderId: 800_000 + seq * 100_000 + i,
        side: i % 2 ? 'sell' : 'buy',
        price: '3000',
        qty: '1',
        amt: '3000',
        tradedAt: ts,
        isTaker: true,
        feeCurrency: 'krw',
        feeQty: '1.5',
      };
      ins.run(sbx.internals.demoUserId, seq, symbol, ts, JSON.stringify(t));
    }
  })();
}
