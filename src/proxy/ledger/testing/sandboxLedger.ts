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
