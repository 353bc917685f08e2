// What GET /api/pnl answers, as one call (the route and `npm run bench -- pnl` both make it): the prices
// and the exchange's average prices, the candle closes, the index, the period's figures and the gaps
// that touch the period.
import { queryPnl } from '../../core/pnl/query.js';
import type { PnlQuery } from '../../core/pnl/types.js';
import type { LedgerService } from './service.js';

export async function pnlReport(
  svc: LedgerService,
  q: { from: number; to: number; scope: PnlQuery['scope']; arrived: number },
  clock: () => number = Date.now,
) {
  const { from, to, scope, arrived } = q;
  const [livePrices, exchangeAvgPrices] = await Promise.all([svc.livePrices(), svc.exchangeAvgPrices(scope)]);
  // prices between fills, for the coins just seen held too
  await svc.refreshMarks();
  const { index } = await svc.indexReady();
  // A period that reaches now (its end within the last minute: the page's clock, the request's time) is
  // valued at its end after every price read and the index for this answer, so the end is the live
  // price and a fill that came while the index was built is inside it.
  const until = to >= arrived - 60_000 ? Math.max(to, clock() + 1) : to;
  const computed = queryPnl(index, { from, to: until, scope, livePrices, exchangeAvgPrices });
  const now = clock();
  const touching = svc
    .accounts()
    .flatMap((a) => svc.gapsOf(a, now))
    .filter(
      (g) =>
        g.from < to &&
        g.to > from &&
        (scope === 'all' || scope.some((r) => r.profileId === g.profileId && r.accountSeq === g.accountSeq)),
    );
  return { ...computed, query: { from, to }, gaps: touching };
}
