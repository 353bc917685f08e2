// The frame both amend dialogs share (one order, a group at one price): the dialog titled with the pair and
// side, Close and Confirm in the footer, and the form whose Enter confirms.
import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { Dialog } from '../../components/Dialog.js';
import { useT } from '../../lib/i18n.js';

export function AmendFrame(props: {
  /** The title before the pair, e.g. "Amend" or "Amend 3 orders". */
  title: string;
  symbol: string;
  side: 'buy' | 'sell';
  testId: string;
  okTestId: string;
  onClose: () => void;
  /** While sending: the Confirm button's label (the dialog then waits); null otherwise. */
  sending: string | null;
  /** Whether Close (and Escape) wait while sending too. */
  holdCloseWhileSending?: boolean;
  canConfirm: boolean;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const busy = props.sending !== null;
  const held = busy && props.holdCloseWhileSending === true;
  return (
    <Dialog
      open
      onClose={held ? () => {} : props.onClose}
      title={`${props.title} · ${props.symbol.replace('_', '/').toUpperCase()} ${t(`trade.${props.side}`)}`}
      testId={props.testId}
      footer={
        <>
          <Button onClick={props.onClose} disabled={held}>
            {t('common.close')}
          </Button>
          <Button
            variant="primary"
            data-dialog-primary
            data-testid={props.okTestId}
            disabled={!props.canConfirm || busy}
            onClick={props.onConfirm}
          >
            {props.sending ?? t('amend.confirm')}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-2 text-[12px]"
        onSubmit={(e) => {
          e.preventDefault();
          props.onConfirm();
        }}
      >
        {props.children}
      </form>
    </Dialog>
  );
}
