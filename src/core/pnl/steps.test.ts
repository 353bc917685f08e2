// The stepwise build (buildPnlIndexSteps) pauses through a big ledger and ends with the index the whole
// build gives.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seededRandom.js';
import { deposit, fill, P, transfer } from './fixtures.js';
import { buildPnlIndex, buildPnlIndexSteps, type PnlIndex } from './pnlIndex.js';
import { queryPnl } from './query.js';
import type { LedgerEvent } from './types.js';

const T = Date.UTC(2027, 0, 1);
const DAY = 86_400_000;

function ledger(n: number): LedgerEvent[] {
  const r = seededRandom(7);
  const out: LedgerEvent[] = [
    deposit('k1', T, 'krw', '100000000000', 1),
    deposit('k2', T, 'krw', '1000000', 2),
  ];
  for (let i = 0; i < n; i++) {
    const at = T + 1000 + i * 600_000;
    const price = String(100_000 + Math.floor(r() * 1000));
    out.push(fill(i, at, r() < 0.6 ? 'buy' : 'sell', price, '0.5', '25', 'krw', 1 + (i % 2), 'btc_krw'));
    if (i % 500 === 7) out.push(transfer(`t${i}`, at + 1, 'krw', '1000', 1, 2));
  }
  return out;
}

describe('buildPnlIndexSteps', () => {
  it('pauses along the way and ends with the index buildPnlIndex makes', () => {
    const events = ledger(9000);
    const steps = buildPnlIndexSteps({ events });
    let pauses = 0;
    let index: PnlIndex;
    for (;;) {
      const r = steps.next();
      if (r.done) {
        index = r.value;
        break;
      }
      pauses++;
    }
    // the replay pauses every 2,000 events, besides the phases and the accounts' tables
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(events.length / 2000) + 4);
    const whole = buildPnlIndex({ events });
    for (const from of [T, T + 30 * DAY, T + 60 * DAY]) {
      const q = { from, to: T + 70 * DAY, scope: 'all' as const };
      expect(queryPnl(index, q)).toEqual(queryPnl(whole, q));
    }
    // and against a count made here, apart from the engine: every fill's units are in the positions
    // (a sell beyond what the ledger bought comes from an opening lot held before it)
    for (const seq of [1, 2]) {
      let units = 0;
      let low = 0;
      for (const e of events)
        if (e.kind === 'trade' && e.accountSeq === seq) {
          units += e.side === 'buy' ? 0.5 : -0.5;
          low = Math.min(low, units);
        }
      units -= low;
      const r = queryPnl(index, { from: T, to: T + 70 * DAY, scope: [{ profileId: P, accountSeq: seq }] });
      expect(Number(r.perAsset.find((a) => a.currency === 'btc')?.position ?? 0)).toBe(units);
    }
  });
});
