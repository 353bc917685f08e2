import { isLive, useEngineStatus, useMyConditionals } from '../../../lib/conditionalApi.js';
import { useT } from '../../../lib/i18n.js';

/** Tab label: how many conditional orders are live, and a warning dot when the engine has no market data. */
export function CondTabLabel({ text }: { text: string }) {
  const t = useT();
  const q = useMyConditionals();
  const s = useEngineStatus();
  const n = (q.data ?? []).filter(isLive).length;
  const blind = n > 0 && (s.isError || (s.data && s.data.marketData !== 'live'));
  return (
    <span className="inline-flex items-center gap-1" data-testid="cond-tab-label">
      {text}
      {n > 0 && <span className="num">({n})</span>}
      {blind && (
        <span className="text-warn" title={t('cond.engine.down')} data-testid="cond-engine-warning">
          ⚠
        </span>
      )}
    </span>
  );
}
