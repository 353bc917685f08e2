// Explicit confirmation of a withdrawal: address, network, amount, fee and the total debited.
import { Button, DetailRows, Dialog } from '../../components/index.js';
import { formatQty } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import type { WithdrawalRequest } from './queries.js';
import { withdrawalTotal } from './withdrawRules.js';

export function ConfirmWithdrawal(props: {
  request: WithdrawalRequest | null;
  fee: string | null | undefined;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const r = props.request;
  const cur = r?.currency.toUpperCase() ?? '';
  return (
    <Dialog
      open={r !== null}
      title={t('acc.wd.confirmTitle')}
      onClose={props.onClose}
      width={520}
      testId="confirm-withdrawal"
      footer={
        <>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          <Button
            variant="primary"
            disabled={props.busy}
            onClick={props.onConfirm}
            data-testid="confirm-withdrawal-go"
          >
            {t('acc.wd.confirm')}
          </Button>
        </>
      }
    >
      {r && (
        <div className="flex flex-col gap-3">
          <p className="text-warn">{t('acc.wd.confirmText')}</p>
          <DetailRows
            rows={[
              [t('acc.currency'), cur],
              [t('acc.network'), r.network],
              [t('acc.address'), <b key="a">{r.address}</b>],
              ...(r.secondaryAddress
                ? ([[t('acc.secondaryAddress'), r.secondaryAddress]] as [string, string][])
                : []),
              [t('acc.amount'), <b key="q">{`${formatQty(r.amount)} ${cur}`}</b>],
              [t('acc.fee'), `${formatQty(props.fee ?? '0')} ${cur}`],
              [t('acc.wd.total'), `${formatQty(withdrawalTotal(r.amount, props.fee))} ${cur}`],
            ]}
          />
        </div>
      )}
    </Dialog>
  );
}
