import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/Button.js';
import { Dialog } from '../../components/Dialog.js';
import { useT } from '../../lib/i18n.js';
import { useActiveAccountSeq, useActiveProfileId } from '../../lib/session.js';
import { usePrefs } from '../../store/prefs.js';
import { useCancelAll } from '../trading/orders/useCancel.js';
import { useOpenOrders } from '../trading/orders/useOrders.js';
import { CommandPalette } from './CommandPalette.js';
import { HelpOverlay } from './HelpOverlay.js';
import { actionFor } from './keymap.js';
import { useWorkspaceActions } from './useWorkspaceActions.js';

const isText = (el: EventTarget | null) =>
  el instanceof HTMLElement && (/^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) || el.isContentEditable);

/** The trading screen's keys, the command palette (Ctrl+K), the key list ("?") and cancel-all confirmation. */
export function WorkspaceKeys() {
  const t = useT();
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
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const closePalette = useCallback(() => setPalette(false), []);
  const rows = open.data ?? [];
  return (
    <>
      <CommandPalette open={palette} onClose={closePalette} run={run} />
      <HelpOverlay open={help} onClose={() => setHelp(false)} />
      <Dialog
        open={askAll}
        onClose={() => setAskAll(false)}
        title={t('orders.cancelAll')}
        testId="hotkey-cancel-all-dialog"
        footer={
          <>
            <Button onClick={() => setAskAll(false)}>{t('common.close')}</Button>
            <Button
              variant="danger"
              data-testid="hotkey-cancel-all-ok"
              disabled={rows.length === 0}
              onClick={() => {
                setAskAll(false);
                void all.run(rows);
              }}
            >
              {t('common.confirm')}
            </Button>
          </>
        }
      >
        <p className="text-[12px]">
          {rows.length
            ? t('orders.cancelAllConfirm', { n: rows.length, symbol: symbol.replace('_', '/').toUpperCase() })
            : t('orders.noOpen')}
        </p>
      </Dialog>
    </>
  );
}
