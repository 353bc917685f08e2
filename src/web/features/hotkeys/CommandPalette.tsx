import { useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../../lib/i18n.js';
import { buildRows, matchesQuery } from '../../lib/market/marketRows.js';
import { useCurrencyPairs } from '../../lib/market/useMarket.js';
import { useCurrencies } from '../../lib/referenceData.js';
import { usePrefs } from '../../store/prefs.js';
import { type ActionId, KEYMAP } from './keymap.js';

type Item =
  | { kind: 'cmd'; id: ActionId; label: string; key: string }
  | { kind: 'pair'; symbol: string; label: string };

/** Ctrl+K: run any command of the keymap or jump to a pair (초성 search included). */
export function CommandPalette(props: { open: boolean; onClose: () => void; run: (id: ActionId) => void }) {
  const t = useT();
  const lang = usePrefs((s) => s.language);
  const setPrefs = usePrefs((s) => s.set);
  const pairs = useCurrencyPairs();
  const currencies = useCurrencies();
  const [q, setQ] = useState('');
  const [cursor, setCursor] = useState(0);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (props.open) {
      setQ('');
      setCursor(0);
    }
  }, [props.open]);

  const items = useMemo<Item[]>(() => {
    const needle = q.trim().toLowerCase();
    const cmds: Item[] = KEYMAP.filter((b) => b.id !== 'palette')
      .map((b) => ({ kind: 'cmd' as const, id: b.id, label: t(`hotkeys.action.${b.id}`), key: b.label }))
      .filter((c) => !needle || c.label.toLowerCase().includes(needle) || c.id.includes(needle));
    const names = new Map((currencies.data ?? []).map((c) => [c.name.toLowerCase(), c.fullName]));
    const rows = buildRows(pairs.data ?? [], [], names, new Set());
    const ps: Item[] = rows
      .filter((r) => needle && matchesQuery(r, q))
      .map((r) => ({
        kind: 'pair' as const,
        symbol: r.symbol,
        label: `${r.names[lang]} ${r.base}/${r.quote}`,
      }));
    return [...ps, ...cmds];
  }, [q, t, pairs.data, currencies.data, lang]);

  useEffect(() => {
    if (!props.open) return;
    const onDown = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) props.onClose();
    };
    window.addEventListener('mousedown', onDown);
    return () => window.removeEventListener('mousedown', onDown);
  }, [props.open, props.onClose]);

  if (!props.open) return null;
  const choose = (it: Item | undefined) => {
    if (!it) return;
    props.onClose();
    if (it.kind === 'pair') setPrefs({ symbol: it.symbol, bookLevel: null });
    else setTimeout(() => props.run(it.id), 0); // after the palette has closed and given focus back
  };
  return (
    <div className="fixed inset-0 z-[60] flex items-start justify-center bg-black/30 pt-24">
      <div
        ref={box}
        className="w-[520px] rounded border border-line bg-panel shadow-2xl"
        data-testid="palette"
      >
        <input
          // biome-ignore lint/a11y/noAutofocus: the palette opens on purpose for typing
          autoFocus
          data-testid="palette-input"
          value={q}
          placeholder={t('hotkeys.palette')}
          onChange={(e) => {
            setQ(e.target.value);
            setCursor(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') props.onClose();
            else if (e.key === 'ArrowDown') setCursor((c) => Math.min(c + 1, items.length - 1));
            else if (e.key === 'ArrowUp') setCursor((c) => Math.max(c - 1, 0));
            else if (e.key === 'Enter' && !e.nativeEvent.isComposing) choose(items[cursor]);
            else return;
            e.preventDefault();
            e.stopPropagation();
          }}
          className="h-10 w-full border-b border-line bg-transparent px-3 text-[13px] outline-none"
        />
        <div className="max-h-[360px] overflow-auto py-1">
          {items.map((it, i) => (
            <button
              type="button"
              key={it.kind === 'cmd' ? it.id : it.symbol}
              data-testid={it.kind === 'cmd' ? `palette-cmd-${it.id}` : `palette-pair-${it.symbol}`}
              onMouseEnter={() => setCursor(i)}
              onClick={() => choose(it)}
              className={`flex h-8 w-full items-center justify-between px-3 text-left text-[12px] ${i === cursor ? 'bg-panel2' : ''}`}
            >
              <span>
                {it.kind === 'pair' && (
                  <span className="mr-2 text-[10px] text-accent">{t('markets.title')}</span>
                )}
                {it.label}
              </span>
              {it.kind === 'cmd' && <kbd className="num text-[11px] text-dim">{it.key}</kbd>}
            </button>
          ))}
          {items.length === 0 && <div className="p-4 text-center text-dim">{t('markets.noMatch')}</div>}
        </div>
      </div>
    </div>
  );
}
