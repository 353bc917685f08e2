// Period picker: six presets as a radio group (arrow keys move between them) and, for a custom range,
// two KST dates with the reason a range cannot be used.
import { useRef } from 'react';
import { useT } from '../../lib/i18n.js';
import { useNow } from '../../lib/live/useFreshness.js';
import { customProblem, PERIOD_KEYS, type PeriodKey } from './period.js';
import { usePnlView } from './viewState.js';

export function PeriodButtons(props: {
  keys?: readonly PeriodKey[];
  value: PeriodKey;
  onChange: (k: PeriodKey) => void;
  testId?: string;
}) {
  const t = useT();
  const keys = props.keys ?? PERIOD_KEYS;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (i: number) => {
    const k = keys[(i + keys.length) % keys.length];
    if (!k) return;
    props.onChange(k);
    refs.current[(i + keys.length) % keys.length]?.focus();
  };
  return (
    <div
      className="flex w-fit items-stretch rounded border border-line"
      data-testid={props.testId ?? 'pnl-period'}
    >
      {keys.map((k, i) => (
        <button
          key={k}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          aria-pressed={props.value === k}
          tabIndex={props.value === k ? 0 : -1}
          data-period={k}
          onClick={() => props.onChange(k)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') move(i + 1);
            else if (e.key === 'ArrowLeft') move(i - 1);
            else return;
            e.preventDefault();
          }}
          className={`h-6 px-2 text-[11px] whitespace-nowrap ${props.value === k ? 'bg-accent/20 font-semibold text-fg' : 'text-dim hover:text-fg'}`}
        >
          {t(`pnl.period.${k}`)}
        </button>
      ))}
    </div>
  );
}

export function PeriodBar() {
  const t = useT();
  const period = usePnlView((s) => s.period);
  const custom = usePnlView((s) => s.custom);
  const set = usePnlView((s) => s.set);
  const now = useNow();
  const problem = period === 'custom' ? customProblem(custom, now) : null;
  const input = 'num h-6 w-[104px] rounded border bg-panel2 px-1.5 text-[11px] text-fg';
  return (
    <div className="flex items-center gap-2">
      <PeriodButtons value={period} onChange={(k) => set({ period: k })} />
      {/* always laid out, hidden when not custom, so nothing moves when it is chosen */}
      <div
        className={`flex items-center gap-1 text-[11px] ${period === 'custom' ? '' : 'invisible'}`}
        title={t('pnl.period.kst')}
      >
        <input
          type="date"
          aria-label={t('pnl.period.from')}
          className={`${input} ${problem ? 'border-danger' : 'border-line'}`}
          value={custom.fromDay}
          max={custom.toDay}
          onChange={(e) => set({ custom: { ...custom, fromDay: e.target.value } })}
          data-testid="pnl-from"
          tabIndex={period === 'custom' ? 0 : -1}
        />
        <span className="text-dim">~</span>
        <input
          type="date"
          aria-label={t('pnl.period.to')}
          className={`${input} ${problem ? 'border-danger' : 'border-line'}`}
          value={custom.toDay}
          min={custom.fromDay}
          onChange={(e) => set({ custom: { ...custom, toDay: e.target.value } })}
          data-testid="pnl-to"
          tabIndex={period === 'custom' ? 0 : -1}
        />
        <span className="w-[150px] truncate text-danger" role={problem ? 'alert' : undefined}>
          {problem ? t(`pnl.period.problem.${problem}`) : ''}
        </span>
      </div>
    </div>
  );
}
