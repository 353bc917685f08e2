// Holdings of one account: summary strip, hide-small switch and the live table.
import { useMemo, useState } from 'react';
import { ErrorState, Spinner } from '../../components/index.js';
import { SummaryStrip } from '../../components/SummaryStrip.js';
import { useT } from '../../lib/i18n.js';
import { dimClass, StaleMark } from '../../lib/live/StaleMark.js';
import { useQueryFreshness } from '../../lib/live/useFreshness.js';
import { useKrwPrices } from '../../lib/market/useTickers.js';
import { useBalances } from '../../lib/useBalances.js';
import { GateNote, useGate } from '../../lib/useGate.js';
import { isSmallBalance, sortByValue, valuePortfolio } from '../../lib/valuation.js';
import { privateStream } from '../../lib/ws.js';
import { KeyProblemNotice } from '../key-problem/index.js';
import { BalancesTable } from './BalancesTable.js';

export function BalancesPanel(props: { profileId: string | null; accountSeq: number }) {
  const t = useT();
  const g = useGate({ permission: 'readBalances', accountSeq: props.accountSeq });
  const balances = useBalances(props.profileId, props.accountSeq, g.ok);
  const prices = useKrwPrices();
  // myAsset stream plus a 3 s poll: stale when the stream drops or polls keep failing (issue 11)
  const fresh = useQueryFreshness(balances, {
    stream: props.profileId ? privateStream(props.profileId) : null,
    budgetMs: 15_000,
  });
  const [hideSmall, setHideSmall] = useState(false);
  const valuation = useMemo(
    () => (balances.data ? valuePortfolio(balances.data, prices) : null),
    [balances.data, prices],
  );
  const rows = useMemo(() => {
    if (!valuation) return [];
    const sorted = sortByValue(valuation.rows);
    return hideSmall ? sorted.filter((r) => !isSmallBalance(r)) : sorted;
  }, [valuation, hideSmall]);

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="balances-panel">
      <div className={`shrink-0 ${dimClass(fresh)}`}>
        <SummaryStrip valuation={valuation} />
      </div>
      <div className="flex h-8 shrink-0 items-center gap-3 border-b border-line px-3 text-[12px]">
        <label className="flex items-center gap-1.5 text-dim">
          <input
            type="checkbox"
            checked={hideSmall}
            onChange={(e) => setHideSmall(e.target.checked)}
            data-testid="hide-small"
          />
          {t('acc.hideSmall')}
        </label>
        {valuation && valuation.unpriced.length > 0 && (
          <span className="text-[11px] text-dim">
            {t('acc.unpriced', { list: valuation.unpriced.join(', ').toUpperCase() })}
          </span>
        )}
        <span className="ml-auto flex items-center">
          <StaleMark f={fresh} testId="balances-fresh" />
        </span>
      </div>
      <KeyProblemNotice variant="panel" profileId={props.profileId} />
      <div className={`min-h-0 flex-1 overflow-auto ${dimClass(fresh)}`}>
        {!g.ok ? (
          <div className="p-4">
            <GateNote gate={g} />
          </div>
        ) : balances.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : balances.isError ? (
          <ErrorState
            error={balances.error}
            onRetry={() => void balances.refetch()}
            retryLabel={t('common.retry')}
          />
        ) : (
          <BalancesTable rows={rows} />
        )}
      </div>
    </div>
  );
}
