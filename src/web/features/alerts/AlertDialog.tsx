// Create or edit one price alert: crossing above/below a price, or a % move within a window; repeat, cooldown, note.
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { parseAlertDef } from '../../../core/alerts/schema.js';
import type { AlertCondition } from '../../../core/alerts/types.js';
import { reaches } from '../../../core/conditional/trigger.js';
import { isDecimalString } from '../../../core/decimal.js';
import { ApiError } from '../../../core/errors.js';
import { Button } from '../../components/Button.js';
import { Dialog } from '../../components/Dialog.js';
import { formatNumber } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { useGroupedInput } from '../../lib/input/useGroupedInput.js';
import { useTicker } from '../../lib/market/useMarket.js';
import { qk } from '../../lib/queryKeys.js';
import { usePrefs } from '../../store/prefs.js';
import { pushToast } from '../../store/toasts.js';
import { askNotifyPermission, useAlertPrefs } from './alertPrefs.js';
import { createAlert, editAlert } from './api.js';
import { describeCondition } from './describe.js';
import { type AlertDraft, useAlertDialog } from './dialogStore.js';
import { marketLabel } from './pairName.js';

type Kind = AlertCondition['type'];
type Dir = 'up' | 'down' | 'either';

const BOX =
  'h-7 min-w-0 flex-1 rounded border border-line bg-panel2 px-2 text-[12px] outline-none focus:border-accent';
const INPUT = `num text-right ${BOX}`;

function Row(props: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-2">
      <span className="w-32 shrink-0 text-[11px] text-dim">{props.label}</span>
      {props.children}
    </div>
  );
}

/** A labelled text field: numbers right-aligned (`inputMode`), free text (`note`) left-aligned. */
function Field(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  testId: string;
  inputMode?: 'decimal' | 'numeric';
  maxLength?: number;
}) {
  return (
    <Row label={props.label}>
      <input
        className={props.inputMode ? INPUT : BOX}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.testId}
      />
    </Row>
  );
}

export function AlertDialog() {
  const draft = useAlertDialog((s) => s.draft);
  const close = useAlertDialog((s) => s.close);
  return (
    <Dialog
      open={draft !== null}
      onClose={close}
      title={<DialogTitle draft={draft} />}
      testId="alert-dialog"
      width={440}
    >
      {draft && <AlertForm key={draft.id ?? `${draft.symbol}-new`} draft={draft} onDone={close} />}
    </Dialog>
  );
}

function DialogTitle({ draft }: { draft: AlertDraft | null }) {
  const t = useT();
  const lang = usePrefs((s) => s.language);
  if (!draft) return null;
  return (
    <span>
      {t(draft.id ? 'alerts.dialog.edit' : 'alerts.dialog.create')}
      <span className="ml-2 font-normal text-dim">{marketLabel(draft.symbol, lang)}</span>
    </span>
  );
}

function AlertForm({ draft, onDone }: { draft: AlertDraft; onDone: () => void }) {
  const t = useT();
  const qc = useQueryClient();
  const ticker = useTicker(draft.symbol);
  const c0 = draft.condition;
  const [kind, setKind] = useState<Kind>(c0.type);
  const [level, setLevel] = useState(c0.type === 'move' ? (ticker?.close ?? '') : c0.level);
  const levelInput = useGroupedInput(level, setLevel, 8); // grouped while typing, as in the order form
  const [percent, setPercent] = useState(c0.type === 'move' ? c0.percent : '2');
  const [windowMin, setWindowMin] = useState(
    c0.type === 'move' ? String(Math.round(c0.windowSec / 60)) : '60',
  );
  const [dir, setDir] = useState<Dir>(c0.type === 'move' ? c0.direction : 'either');
  const [repeat, setRepeat] = useState(draft.repeat);
  const [cooldown, setCooldown] = useState(String(draft.cooldownSec));
  const [note, setNote] = useState(draft.note);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const clean = (s: string) => s.replaceAll(',', '').trim();
  const condition: AlertCondition =
    kind === 'move'
      ? {
          type: 'move',
          percent: clean(percent),
          windowSec: Math.round(Number(windowMin) * 60),
          direction: dir,
        }
      : { type: kind, level: clean(level) };
  const last = ticker?.close;
  const crossNow =
    kind !== 'move' && last && isDecimalString(condition.type !== 'move' ? condition.level : '')
      ? reaches(kind === 'above' ? 'up' : 'down', last, clean(level))
      : false;

  async function submit() {
    setError(null);
    const parsed = parseAlertDef({
      symbol: draft.symbol,
      condition,
      repeat,
      cooldownSec: Number(cooldown),
      ...(note.trim() ? { note: note.trim() } : {}),
    });
    if (!parsed.ok) {
      setError(parsed.reason);
      return;
    }
    setBusy(true);
    try {
      if (useAlertPrefs.getState().notify) void askNotifyPermission(); // a click: the browser may ask now
      const { symbol: _s, ...rest } = parsed.value;
      if (draft.id) {
        await editAlert(draft.id, { ...rest, note: rest.note ?? '' });
        pushToast({ tone: 'ok', title: t('alerts.saved') });
      } else {
        await createAlert(parsed.value);
        pushToast({
          tone: 'ok',
          title: t('alerts.created', { what: describeCondition(t, parsed.value.condition) }),
        });
      }
      void qc.invalidateQueries({ queryKey: qk.alerts() });
      onDone();
    } catch (e) {
      setError(e instanceof ApiError ? `${e.description ?? e.message} (${e.code})` : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="alert-form"
    >
      <Row label={t('alerts.field.type')}>
        <select
          value={kind}
          onChange={(e) => setKind(e.target.value as Kind)}
          className="h-7 flex-1 rounded border border-line bg-panel2 px-1 text-[12px]"
          data-testid="alert-type"
        >
          {(['above', 'below', 'move'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`alerts.type.${k}`)}
            </option>
          ))}
        </select>
      </Row>
      {kind === 'move' ? (
        <>
          <Field
            label={t('alerts.field.percent')}
            inputMode="decimal"
            value={percent}
            onChange={setPercent}
            testId="alert-percent"
          />
          <Field
            label={t('alerts.field.window')}
            inputMode="numeric"
            value={windowMin}
            onChange={setWindowMin}
            testId="alert-window"
          />
          <Row label={t('alerts.field.direction')}>
            <span className="flex flex-1 gap-1">
              {(['up', 'down', 'either'] as const).map((d) => (
                <button
                  key={d}
                  type="button"
                  aria-pressed={dir === d}
                  onClick={() => setDir(d)}
                  data-testid={`alert-dir-${d}`}
                  className={`h-7 flex-1 rounded border text-[12px] ${dir === d ? (d === 'up' ? 'border-up text-up' : d === 'down' ? 'border-down text-down' : 'border-accent text-accent') : 'border-line text-dim'}`}
                >
                  {t(`alerts.dir.${d}`)}
                </button>
              ))}
            </span>
          </Row>
        </>
      ) : (
        <Row label={t('alerts.field.level')}>
          <input className={INPUT} inputMode="decimal" {...levelInput} data-testid="alert-level" />
        </Row>
      )}
      <div className="flex justify-between text-[11px] text-dim">
        <span data-testid="alert-last">{last ? t('alerts.last', { price: formatNumber(last) }) : ''}</span>
        {crossNow && <span className="text-warn">{t('alerts.hint.crossNow')}</span>}
      </div>
      <label className="flex items-center gap-2 text-[12px]">
        <input
          type="checkbox"
          checked={repeat}
          onChange={(e) => setRepeat(e.target.checked)}
          data-testid="alert-repeat"
        />
        {t('alerts.field.repeat')}
      </label>
      <Field
        label={t('alerts.field.cooldown')}
        inputMode="numeric"
        value={cooldown}
        onChange={setCooldown}
        testId="alert-cooldown"
      />
      <Field
        label={t('alerts.field.note')}
        maxLength={120}
        value={note}
        onChange={setNote}
        testId="alert-note"
      />
      <p className="text-[11px] text-dim">{t('alerts.hint.rule')}</p>
      {error && (
        <p className="text-[11px] text-danger" role="alert" data-testid="alert-error">
          {error}
        </p>
      )}
      <footer className="flex justify-end gap-2 border-line border-t pt-2">
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button
          type="submit"
          variant="primary"
          disabled={busy}
          data-dialog-primary
          data-testid="alert-submit"
        >
          {t(draft.id ? 'alerts.save' : 'alerts.create')}
        </Button>
      </footer>
    </form>
  );
}
