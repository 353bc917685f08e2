import { useEffect, useRef, useState } from 'react';
import {
  INDICATOR_KINDS,
  type IndicatorSpec,
  specId,
  specLabel,
} from '../../../../../core/indicators/index.js';
import { useT } from '../../../../lib/i18n.js';
import { INDICATOR_PALETTE } from './indicatorLayer.js';
import { MAX_INDICATORS, useIndicators } from './indicatorStore.js';

/** Editable parameters of each kind, in the order shown. */
const PARAMS: Record<IndicatorSpec['kind'], readonly string[]> = {
  sma: ['period'],
  ema: ['period'],
  bb: ['period', 'mult'],
  vwap: [],
  volma: ['period'],
  rsi: ['period'],
  macd: ['fast', 'slow', 'signal'],
  stoch: ['k', 'smooth', 'd'],
};

/** Toolbar button + popover: add indicators, change their settings, remove them. Remembered across visits. */
export function IndicatorMenu() {
  const t = useT();
  const active = useIndicators((s) => s.active);
  const add = useIndicators((s) => s.add);
  const remove = useIndicators((s) => s.remove);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener('mousedown', onDown);
    return () => window.removeEventListener('mousedown', onDown);
  }, [open]);

  return (
    <div className="relative" ref={box}>
      <button
        type="button"
        data-testid="indicators-button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className={`rounded px-2 py-0.5 text-[11px] ${open ? 'bg-panel2 text-fg' : 'text-dim hover:text-fg'}`}
      >
        {t('chart.indicators')}
        {active.length > 0 && <span className="ml-1 text-accent">{active.length}</span>}
      </button>
      {open && (
        <div
          data-testid="indicators-menu"
          className="absolute top-7 right-0 z-50 w-[300px] rounded border border-line bg-panel p-2 text-[12px] shadow-2xl"
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        >
          <div className="grid grid-cols-2 gap-1">
            {INDICATOR_KINDS.map((k) => (
              <button
                key={k}
                type="button"
                data-testid={`indicator-add-${k}`}
                disabled={active.length >= MAX_INDICATORS}
                onClick={() => add(k)}
                className="truncate rounded border border-line px-2 py-1 text-left text-[11px] hover:border-accent disabled:opacity-40"
              >
                + {t(`chart.ind.${k}`)}
              </button>
            ))}
          </div>
          {active.length > 0 && <div className="my-2 border-t border-line" />}
          <ul className="flex flex-col gap-1">
            {active.map((spec, i) => (
              <ActiveRow key={specId(spec)} spec={spec} index={i} onRemove={() => remove(i)} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function ActiveRow(props: { spec: IndicatorSpec; index: number; onRemove: () => void }) {
  const t = useT();
  const update = useIndicators((s) => s.update);
  const fields = PARAMS[props.spec.kind];
  const id = specId(props.spec);
  return (
    <li className="flex items-center gap-1.5" data-testid={`indicator-active-${id}`}>
      <span
        className="h-2.5 w-2.5 shrink-0 rounded-full"
        style={{ background: INDICATOR_PALETTE[props.index % INDICATOR_PALETTE.length] }}
      />
      <span className="w-[92px] shrink-0 truncate text-[11px]" title={t(`chart.ind.${props.spec.kind}`)}>
        {specLabel(props.spec).split(' ')[0]}
      </span>
      {fields.map((f) => (
        <ParamInput
          key={f}
          name={f}
          value={(props.spec as unknown as Record<string, number>)[f]!}
          onCommit={(v) => update(props.index, { ...props.spec, [f]: v })}
          testId={`indicator-param-${id}-${f}`}
        />
      ))}
      <button
        type="button"
        data-testid={`indicator-remove-${id}`}
        aria-label={`${t('chart.remove')} ${specLabel(props.spec)}`}
        title={t('chart.remove')}
        onClick={props.onRemove}
        className="ml-auto rounded px-1.5 text-dim hover:bg-panel2 hover:text-danger"
      >
        ×
      </button>
    </li>
  );
}

/** A number field that commits on Enter or blur; an invalid value snaps back to the stored one. */
function ParamInput(props: {
  name: string;
  value: number;
  onCommit: (v: number) => boolean;
  testId: string;
}) {
  const [text, setText] = useState(String(props.value));
  useEffect(() => setText(String(props.value)), [props.value]);
  const commit = () => {
    const v = Number(text);
    if (!text.trim() || !Number.isFinite(v) || !props.onCommit(v)) setText(String(props.value));
  };
  return (
    <input
      data-testid={props.testId}
      aria-label={props.name}
      title={props.name}
      inputMode="decimal"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
      className="num h-6 w-11 rounded border border-line bg-bg px-1 text-right text-[11px] outline-none focus:border-accent"
    />
  );
}
