import { useT } from '../../../lib/i18n.js';
import type { BookMode } from '../../../lib/layout/workspaceLayout.js';

/** 호가 | 체결 | 모두: what the book column shows. */
export function BookTapeSwitch(props: { mode: BookMode; onChange: (m: BookMode) => void }) {
  const t = useT();
  return (
    <div
      className="flex h-6 shrink-0 items-center gap-0.5 border-b border-line px-1.5"
      data-testid="book-mode"
    >
      {(['book', 'trades', 'both'] as const).map((m) => (
        <button
          key={m}
          type="button"
          data-testid={`book-mode-${m}`}
          aria-pressed={props.mode === m}
          onClick={() => props.onChange(m)}
          className={`rounded px-2 text-[11px] leading-5 ${props.mode === m ? 'bg-panel2 font-semibold text-accent' : 'text-dim hover:text-fg'}`}
        >
          {t(`layout.mode.${m}`)}
        </button>
      ))}
    </div>
  );
}
