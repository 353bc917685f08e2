import { useT } from '../../../../lib/i18n.js';
import { useUserLines } from './userLines.js';

/** Toolbar: place a horizontal line (next click on the chart), and clear this pair's lines. */
export function LineTools({ symbol }: { symbol: string }) {
  const t = useT();
  const placing = useUserLines((s) => s.placing);
  const setPlacing = useUserLines((s) => s.setPlacing);
  const count = useUserLines((s) => s.bySymbol[symbol]?.length ?? 0);
  const clear = useUserLines((s) => s.clear);
  return (
    <span className="flex items-center">
      <button
        type="button"
        data-testid="line-place"
        aria-pressed={placing}
        title={t('chart.line.hint')}
        onClick={() => setPlacing(!placing)}
        className={`rounded px-1.5 py-0.5 text-[11px] ${placing ? 'bg-panel2 text-accent' : 'text-dim hover:text-fg'}`}
      >
        ─ {t('chart.line')}
        {count > 0 && <span className="ml-1 text-warn">{count}</span>}
      </button>
      {count > 0 && (
        <button
          type="button"
          data-testid="line-clear"
          title={t('chart.line.clear')}
          aria-label={t('chart.line.clear')}
          onClick={() => clear(symbol)}
          className="rounded px-1 text-[11px] text-dim hover:text-danger"
        >
          ×
        </button>
      )}
    </span>
  );
}
