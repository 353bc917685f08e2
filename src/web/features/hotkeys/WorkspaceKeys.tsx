import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useOpenOrders } from '../../lib/account-stream/index.js';
import { earlyKeys } from '../../lib/earlyKeys.js';
import { useCancelAll } from '../../lib/orders/useCancel.js';
import { useActiveAccountSeq, useActiveProfileId } from '../../lib/session.js';
import { usePrefs } from '../../store/prefs.js';
import { CancelAllDialog } from './CancelAllDialog.js';
import { CommandPalette } from './CommandPalette.js';
import { HelpOverlay } from './HelpOverlay.js';
import { actionFor } from './keymap.js';
import { useWorkspaceActions } from './useWorkspaceActions.js';

const isText = (el: EventTarget | null) =>
  el instanceof HTMLElement && (/^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) || el.isContentEditable);

/** The trading screen's keys, the command palette (Ctrl+K), the key list ("?") and cancel-all confirmation. */
export function WorkspaceKeys() {
  const symbol = usePrefs((s) => s.symbol);
  const profileId = useActiveProfileId();
  const accountSeq = useActiveAccountSeq();
  const open = useOpenOrders(profileId, accountSeq, symbol);
  const all = useCancelAll(profileId, accountSeq, symbol);
  const [palette, setPalette] = useState(false);
  const [help, setHelp] = useState(false);
  const [askAll, setAskAll] = useState(false);

  const ui = useMemo(
    () => ({
      openPalette: () => setPalette(true),
      openHelp: () => setHelp(true),
      askCancelAll: () => setAskAll(true),
    }),
    [],
  );
  const run = useWorkspaceActions(ui);
  const runRef = useRef(run);
  runRef.current = run;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      // A modal dialog owns the keyboard (its own Enter and Escape).
      if (document.querySelector('dialog[open]')) return;
      const id = actionFor(e, isText(e.target));
      if (!id) return;
      e.preventDefault();
      e.stopPropagation();
      runRef.current(id);
    };
    window.addEventListener('keydown', onKey);
    // Keys pressed on this screen before this handler loaded, acted on now in the order they came.
    for (const k of earlyKeys().take()) {
      const id = actionFor(k, isText(k.target));
      if (id) runRef.current(id);
    }
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const closePalette = useCallback(() => setPalette(false), []);
  return (
    <>
      <CommandPalette open={palette} onClose={closePalette} run={run} />
      <HelpOverlay open={help} onClose={() => setHelp(false)} />
      <CancelAllDialog
        open={askAll}
        onClose={() => setAskAll(false)}
        rows={open.data ?? []}
        symbol={symbol}
        onConfirm={(rows) => void all.run(rows)}
        testId="hotkey-cancel-all"
      />
    </>
  );
}
