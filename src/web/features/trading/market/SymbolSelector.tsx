import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n.js';
import { useAlertSymbols } from '../../../lib/referenceData.js';
import { usePrefs } from '../../../store/prefs.js';

const loadPicker = () => import('./SymbolPicker.js');
const Picker = lazy(() => loadPicker().then((m) => ({ default: m.SymbolPicker })));

const label = (symbol: string) => symbol.replace('_', '/').toUpperCase();

/** Searchable market picker. Opens with "/" (outside inputs); arrows + Enter pick. */
export function SymbolSelector() {
  const t = useT();
  const symbol = usePrefs((s) => s.symbol);
  const set = usePrefs((s) => s.set);
  const alerts = useAlertSymbols(usePrefs((s) => s.language));
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const inInput = e.target instanceof HTMLElement && /INPUT|TEXTAREA|SELECT/.test(e.target.tagName);
      // Ctrl/⌘+K is the command palette (features/hotkeys), which lists the pairs too.
      if (e.key === '/' && !inInput) {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (boxRef.current && !boxRef.current.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener('mousedown', onDown);
    return () => window.removeEventListener('mousedown', onDown);
  }, [open]);

  const choose = (s: string) => {
    set({ symbol: s, bookLevel: null });
    setOpen(false);
  };

  return (
    <div className="relative" ref={boxRef}>
      <button
        type="button"
        data-testid="symbol-selector"
        onClick={() => setOpen((o) => !o)}
        onPointerEnter={() => void loadPicker()}
        onFocus={() => void loadPicker()}
        className="flex h-8 items-center gap-2 rounded px-2 text-[15px] font-bold hover:bg-panel2"
        title="/"
      >
        {label(symbol)}
        {alerts.has(symbol) && (
          <span
            data-testid="symbol-alert-current"
            title={`${t('market.alert')}: ${alerts.get(symbol)?.join(', ')}`}
            className="rounded border border-warn/60 bg-warn/10 px-1 text-[10px] font-semibold text-warn"
          >
            {t('market.alert')}
          </span>
        )}
        <span className="text-[10px] text-dim">▼</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <Picker symbol={symbol} alerts={alerts} choose={choose} close={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
