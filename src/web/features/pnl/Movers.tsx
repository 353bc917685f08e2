// The period's largest winners and losers by asset P&L.
import type { PnlReport } from '../../../core/pnl/types.js';
import { formatKrwChange } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { pnlTone } from './view.js';

function List(props: { title: string; rows: PnlReport['winners']; testId: string }) {
  const t = useT();
  return (
    <div className="min-w-0 flex-1" data-testid={props.testId}>
      <div className="mb-0.5 text-[10px] text-dim">{props.title}</div>
      {props.rows.length === 0 ? (
        <div className="text-[11px] text-dim">{t('pnl.none')}</div>
      ) : (
        props.rows.slice(0, 4).map((r) => (
          <div key={r.currency} className="flex h-[18px] items-center text-[11px]">
            <span className="w-12 font-semibold">{r.currency.toUpperCase()}</span>
            <span className={`num ml-auto ${pnlTone(r.pnlKrw)}`}>{formatKrwChange(r.pnlKrw)}</span>
          </div>
        ))
      )}
    </div>
  );
}

export function Movers(props: { winners: PnlReport['winners']; losers: PnlReport['losers'] }) {
  const t = useT();
  return (
    <div className="flex gap-4 p-2">
      <List title={t('pnl.winners')} rows={props.winners} testId="pnl-winners" />
      <List title={t('pnl.losers')} rows={props.losers} testId="pnl-losers" />
    </div>
  );
}
