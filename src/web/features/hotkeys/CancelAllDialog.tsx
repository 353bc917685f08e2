import { Button } from '../../components/Button.js';
import { Dialog } from '../../components/Dialog.js';
import { useT } from '../../lib/i18n.js';
import type { OpenOrder } from '../../lib/types.js';

/**
 * "Cancel all N open orders on PAIR?" - the one confirmation used by the open-orders tab's button and
 * the cancel-all hotkey. The dialog is `${testId}-dialog`, its confirm button `${testId}-ok`; confirm is
 * disabled while nothing is open.
 */
export function CancelAllDialog(props: {
  open: boolean;
  onClose: () => void;
  rows: readonly OpenOrder[];
  symbol: string;
  onConfirm: (rows: readonly OpenOrder[]) => void;
  testId: 'cancel-all' | 'hotkey-cancel-all';
}) {
  const t = useT();
  const { rows } = props;
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={t('orders.cancelAll')}
      testId={`${props.testId}-dialog`}
      footer={
        <>
          <Button onClick={props.onClose}>{t('common.close')}</Button>
          <Button
            variant="danger"
            data-testid={`${props.testId}-ok`}
            disabled={rows.length === 0}
            onClick={() => {
              props.onClose();
              props.onConfirm(rows);
            }}
          >
            {t('common.confirm')}
          </Button>
        </>
      }
    >
      <p className="text-[12px]">
        {rows.length
          ? t('orders.cancelAllConfirm', {
              n: rows.length,
              symbol: props.symbol.replace('_', '/').toUpperCase(),
            })
          : t('orders.noOpen')}
      </p>
    </Dialog>
  );
}
