import { useMemo, useState } from 'react';
import type { CondKind } from '../../../core/conditional/types.js';
import { ApiError } from '../../../core/errors.js';
import { Button } from '../../components/Button.js';
import { Field } from '../../components/Field.js';
import { type Preview, previewConditional, useArm } from '../../lib/conditionalApi.js';
import { useT } from '../../lib/i18n.js';
import { useGroupedInput } from '../../lib/input/useGroupedInput.js';
import { useTicker } from '../../lib/market/useMarket.js';
import { useActiveAccountSeq, useActiveProfileId } from '../../lib/session.js';
import { usePrefs } from '../../store/prefs.js';
import {
  checkNow,
  getPreTrade,
  isBlockedBy,
  LazyPreTradePanel,
  usePreTradeResult,
} from '../pre-trade/index.js';
import { CondPreviewDialog } from './CondPreviewDialog.js';
import { buildDefinition, type CondForm, EMPTY_FORM } from './draft.js';
import { EngineBadge } from './EngineBadge.js';
import { draftFromCond } from './preTradeDraft.js';

const KINDS: CondKind[] = ['stop', 'takeProfit', 'trailing', 'oco', 'bracket'];

/** A decimal input grouped with thousands separators while typing (the order form's own hook). */
function NumField(p: {
  label: string;
  suffix: string;
  value: string;
  invalid: boolean;
  testId: string;
  onChange: (v: string) => void;
}) {
  const g = useGroupedInput(p.value, p.onChange, 8);
  return (
    <Field
      label={p.label}
      suffix={p.suffix}
      {...g}
      inputMode="decimal"
      data-testid={p.testId}
      aria-invalid={p.invalid}
      className={p.invalid ? '[&>label]:border-danger' : undefined}
    />
  );
}

const FIELD_LABEL: Partial<Record<keyof CondForm, string>> = {
  trigger: 'cond.trigger',
  limitPrice: 'cond.limitPrice',
  qty: 'entry.qty',
  amt: 'entry.amount',
  trailValue: 'cond.trailBy',
  activation: 'cond.activation',
  target: 'cond.target',
  entryPrice: 'cond.entryPrice',
};

function Seg<T extends string>(p: {
  tone?: (v: T) => 'up' | 'down';
  value: T;
  options: { v: T; label: string }[];
  onChange: (v: T) => void;
  testId: string;
}) {
  return (
    <div className="flex overflow-hidden rounded border border-line" role="tablist" data-testid={p.testId}>
      {p.options.map((o) => (
        <button
          key={o.v}
          type="button"
          role="tab"
          aria-selected={p.value === o.v}
          data-testid={`${p.testId}-${o.v}`}
          onClick={() => p.onChange(o.v)}
          className={`h-7 flex-1 px-1 text-[12px] whitespace-nowrap ${p.value !== o.v ? 'bg-panel2 text-dim hover:text-fg' : p.tone ? `font-semibold text-white ${p.tone(o.v) === 'up' ? 'bg-up' : 'bg-down'}` : 'bg-accent/15 font-semibold text-accent'}`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** The ticket's "conditional" tab: stop, take-profit, trailing, OCO and bracket, reviewed in full before arming. */
export function ConditionalTicket({ symbol, quote, base }: { symbol: string; quote: string; base: string }) {
  const t = useT();
  const profileId = useActiveProfileId();
  const accountSeq = useActiveAccountSeq();
  const [f, setF] = useState<CondForm>(EMPTY_FORM);
  const [bad, setBad] = useState<keyof CondForm | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string; code?: string } | null>(null);
  const [loading, setLoading] = useState(false);
  const arm = useArm();
  const set = (p: Partial<CondForm>) => {
    setF((x) => ({ ...x, ...p }));
    setBad(null);
  };
  const field = (key: keyof CondForm, label: string, suffix: string, testId: string) => (
    <NumField
      label={label}
      suffix={suffix}
      value={f[key] as string}
      invalid={bad === key}
      testId={testId}
      onChange={(v) => set({ [key]: v } as Partial<CondForm>)}
    />
  );

  // Pre-trade check of the order arming would place (issue 22 item 3); blocks review only when asked to.
  const last = useTicker(symbol)?.close;
  const ptDraft = useMemo(() => draftFromCond(f, last), [f, last]);
  const ptUnits = useMemo(
    () => ({ base, quote, quoteDp: quote.toLowerCase() === 'krw' ? 0 : 8 }),
    [base, quote],
  );
  const ptBlock = usePrefs((s) => s.ptBlock);
  const ptBlocked = isBlockedBy(usePreTradeResult('cond'), ptBlock);
  const review = async (e?: React.FormEvent) => {
    e?.preventDefault();
    // the check of exactly this form (the published one may be a render old)
    if (isBlockedBy(checkNow('cond', ptDraft) ?? getPreTrade('cond'), ptBlock)) return;
    const d = buildDefinition(f, symbol);
    if (!d.ok) {
      setBad(d.field);
      setResult({
        ok: false,
        code: d.field,
        text: t('cond.field', { field: t(FIELD_LABEL[d.field] ?? d.field) }),
      });
      return;
    }
    setResult(null);
    setLoading(true);
    try {
      setPreview(await previewConditional({ profileId, accountSeq, definition: d.def }));
    } catch (err) {
      setResult({
        ok: false,
        code: err instanceof ApiError ? err.code : undefined,
        text: err instanceof ApiError ? (err.description ?? '') : String(err),
      });
    } finally {
      setLoading(false);
    }
  };
  const doArm = () => {
    const d = buildDefinition(f, symbol);
    if (!d.ok) return;
    arm.mutate(
      { profileId, accountSeq, definition: d.def },
      {
        onSuccess: (r) => {
          setPreview(null);
          setResult({ ok: true, text: t('cond.armed', { id: r.conditional.id }) });
        },
        onError: (err) => {
          setPreview(null);
          setResult({
            ok: false,
            code: err instanceof ApiError ? err.code : undefined,
            text: err instanceof ApiError ? (err.description ?? '') : String(err),
          });
        },
      },
    );
  };

  const k = f.kind;
  const buy = f.side === 'buy';
  const marketBuy =
    buy && f.orderType === 'market' && (k === 'stop' || k === 'takeProfit' || k === 'trailing');
  return (
    <form className="flex flex-col gap-2 p-2 [&>*]:shrink-0" onSubmit={review} data-testid="cond-ticket">
      <select
        className="h-8 rounded border border-line bg-panel2 px-2 text-[12px]"
        value={k}
        data-testid="cond-kind"
        aria-label={t('cond.col.kind')}
        onChange={(e) =>
          set({
            kind: e.target.value as CondKind,
            orderType: e.target.value === 'trailing' ? 'market' : f.orderType,
          })
        }
      >
        {KINDS.map((x) => (
          <option key={x} value={x}>
            {t(`cond.kind.${x}`)}
          </option>
        ))}
      </select>
      <Seg
        testId="cond-side"
        tone={(v) => (v === 'buy' ? 'up' : 'down')}
        value={f.side}
        onChange={(side) => set({ side })}
        options={[
          { v: 'buy', label: t('trade.buy') },
          { v: 'sell', label: t('trade.sell') },
        ]}
      />
      {k === 'bracket' && field('entryPrice', t('cond.entryPrice'), quote, 'cond-entry')}
      {(k === 'oco' || k === 'bracket') && field('target', t('cond.target'), quote, 'cond-target')}
      {k !== 'trailing' &&
        field(
          'trigger',
          k === 'oco' || k === 'bracket' ? t('cond.stopLevel') : t('cond.trigger'),
          quote,
          'cond-trigger',
        )}
      {k === 'trailing' && (
        <>
          <Seg
            testId="cond-trailmode"
            value={f.trailMode}
            onChange={(trailMode) => set({ trailMode })}
            options={[
              { v: 'percent', label: t('cond.trailPercent') },
              { v: 'amount', label: t('cond.trailAmount') },
            ]}
          />
          {field('trailValue', t('cond.trailBy'), f.trailMode === 'percent' ? '%' : quote, 'cond-trail')}
          {field('activation', t('cond.activation'), t('cond.optional'), 'cond-activation')}
        </>
      )}
      {(k === 'stop' || k === 'takeProfit' || (k === 'oco' && !buy)) && (
        <Seg
          testId="cond-ordertype"
          value={f.orderType}
          onChange={(orderType) => set({ orderType })}
          options={[
            { v: 'market', label: t('cond.market') },
            { v: 'limit', label: t('cond.limit') },
          ]}
        />
      )}
      {f.orderType === 'limit' &&
        (k === 'stop' || k === 'takeProfit' || k === 'oco') &&
        field('limitPrice', t('cond.limitPrice'), quote, 'cond-limit')}
      {marketBuy
        ? field('amt', t('entry.amount'), quote, 'cond-amt')
        : field('qty', t('entry.qty'), base, 'cond-qty')}
      <label className="flex items-center justify-between gap-2 text-[12px] text-dim">
        {t('cond.onGap')}
        <select
          className="h-7 rounded border border-line bg-panel2 px-1 text-fg"
          value={f.onGap}
          data-testid="cond-ongap"
          onChange={(e) => set({ onGap: e.target.value as CondForm['onGap'] })}
        >
          <option value="fire">{t('cond.onGap.fire')}</option>
          <option value="cancel">{t('cond.onGap.cancel')}</option>
        </select>
      </label>
      <LazyPreTradePanel slot="cond" symbol={symbol} draft={ptDraft} units={ptUnits} />
      <Button
        type="submit"
        size="md"
        variant={buy ? 'up' : 'down'}
        disabled={loading || !profileId || ptBlocked}
        title={ptBlocked ? t('pt.blocked') : undefined}
        data-testid="cond-review"
      >
        {t('cond.review')}
      </Button>
      {ptBlocked && (
        <p className="text-[11px] text-danger" role="alert" data-testid="cond-pt-blocked">
          {t('pt.blocked')}
        </p>
      )}
      <div className="flex items-center justify-between gap-2 text-[11px] text-dim">
        <span>{t('cond.runsInProxy')}</span>
        <EngineBadge />
      </div>
      {result && (
        <div
          role="status"
          data-testid={result.ok ? 'cond-result-ok' : 'cond-result-error'}
          className={`rounded px-2 py-1 text-[12px] ${result.ok ? 'bg-emerald-500/10 text-emerald-500' : 'bg-danger/10 text-danger'}`}
        >
          {result.code && <code className="mr-1 font-semibold">{result.code}</code>}
          {result.text}
        </div>
      )}
      <CondPreviewDialog
        open={!!preview}
        symbol={symbol}
        preview={preview}
        busy={arm.isPending}
        onArm={doArm}
        onClose={() => setPreview(null)}
      />
    </form>
  );
}
