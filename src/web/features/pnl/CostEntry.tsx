// Inline cost entry for coins deposited from outside (POST /api/ledger/cost): the deposits of the scope
// that still lack a cost, each with a field for the total KRW paid for the whole quantity. Saving
// invalidates every ledger and P&L figure, so the marks go away once the proxy counts the cost.
import { useState } from 'react';
import { parseDecimal } from '../../../core/decimal.js';
import { Button, ErrorState, Spinner } from '../../components/index.js';
import { formatQty, useTimeFormat } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { type LedgerEvents, type Scope, useLedgerEvents, useSaveCost } from './api.js';

type Ev = LedgerEvents['events'][number];

/** Incoming coin deposits (done) without a cost, optionally of one currency. */
export function depositsNeedingCost(events: readonly Ev[], currency?: string): Ev[] {
  return events.filter(
    (e) =>
      e.kind === 'deposit' &&
      e.currency !== 'krw' &&
      (currency === undefined || e.currency === currency) &&
      (e.status === 'done' || e.status === undefined) &&
      (e.costKrw === undefined || e.costKrw === null),
  );
}

function CostRow(props: { ev: Ev }) {
  const t = useT();
  const tf = useTimeFormat();
  const save = useSaveCost();
  const [value, setValue] = useState('');
  const parsed = parseDecimal(value.replaceAll(',', '').trim(), { allowZero: true });
  const bad = value !== '' && !parsed.ok;
  const ev = props.ev;
  const id = ev.eventId ?? ev.id;
  const amount = ev.kind === 'deposit' ? ev.amount : '';
  return (
    <form
      className="flex h-8 items-center gap-2 px-2 text-[11px]"
      data-testid="cost-row"
      data-event={id}
      onSubmit={(e) => {
        e.preventDefault();
        if (parsed.ok) save.mutate({ eventId: id, costKrw: parsed.value });
      }}
    >
      <span className="num w-[130px] text-dim">{tf.dateTime(ev.at)}</span>
      <span className="w-[80px] text-dim">
        {ev.profileId}:{ev.accountSeq}
      </span>
      <span className="num w-[150px] text-right">
        {formatQty(amount)} {ev.kind === 'deposit' ? ev.currency.toUpperCase() : ''}
      </span>
      <input
        className={`num h-6 w-[150px] rounded border bg-panel2 px-1.5 text-right text-fg ${bad ? 'border-danger' : 'border-line'}`}
        inputMode="decimal"
        placeholder="KRW"
        aria-label={t('pnl.cost.hint')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        data-testid="cost-input"
      />
      <Button size="xs" type="submit" disabled={!parsed.ok || save.isPending} data-testid="cost-save">
        {t('pnl.cost.save')}
      </Button>
      {bad && <span className="text-danger">{t('pnl.cost.invalid')}</span>}
      {save.isError && <ErrorState error={save.error} compact />}
    </form>
  );
}

export function CostEntry(props: { scope: Scope; currency?: string }) {
  const t = useT();
  const q = useLedgerEvents(props.scope, 0, null, 'deposit');
  const rows = q.data ? depositsNeedingCost(q.data.events, props.currency) : [];
  return (
    <div className="border-y border-warn/40 bg-warn/5 py-1" data-testid="cost-entry">
      <div className="flex items-center gap-2 px-2 text-[11px]">
        <span className="font-semibold text-warn">{t('pnl.cost.title')}</span>
        <span className="text-dim">{t('pnl.cost.hint')}</span>
      </div>
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ErrorState error={q.error} compact />
      ) : rows.length === 0 ? (
        <div className="px-2 py-1 text-[11px] text-dim">{t('pnl.cost.none')}</div>
      ) : (
        rows.map((ev) => <CostRow key={ev.eventId ?? ev.id} ev={ev} />)
      )}
    </div>
  );
}
