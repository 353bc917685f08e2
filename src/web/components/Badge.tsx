import type { ReactNode } from 'react';

type Tone = 'neutral' | 'accent' | 'up' | 'down' | 'warn' | 'danger' | 'ok';
const TONES: Record<Tone, string> = {
  neutral: 'border-line text-dim',
  accent: 'border-accent/50 text-accent',
  up: 'border-up/50 text-up',
  down: 'border-down/50 text-down',
  warn: 'border-warn/60 bg-warn/10 text-warn',
  danger: 'border-danger bg-danger text-white',
  ok: 'border-emerald-500/50 text-emerald-500',
};

export function Badge(props: { tone?: Tone; children: ReactNode; title?: string; testId?: string }) {
  return (
    <span
      title={props.title}
      data-testid={props.testId}
      className={`inline-flex h-5 items-center rounded border px-1.5 text-[11px] font-semibold whitespace-nowrap ${TONES[props.tone ?? 'neutral']}`}
    >
      {props.children}
    </span>
  );
}
