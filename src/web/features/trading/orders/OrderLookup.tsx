import { useState } from 'react';
import { Button } from '../../../components/Button.js';
import { useT } from '../../../lib/i18n.js';
import type { OrderRef } from './OrderDetailDialog.js';

/** Find one order by orderId or clientOrderId. */
export function OrderLookup(props: { onLookup: (ref: OrderRef) => void }) {
  const t = useT();
  const [kind, setKind] = useState<'orderId' | 'clientOrderId'>('orderId');
  const [v, setV] = useState('');
  const go = () => {
    const s = v.trim();
    if (!s) return;
    if (kind === 'orderId' && /^\d+$/.test(s)) props.onLookup({ orderId: Number(s) });
    else if (kind === 'clientOrderId') props.onLookup({ clientOrderId: s });
  };
  return (
    <div className="flex items-center gap-1">
      <select
        value={kind}
        onChange={(e) => setKind(e.target.value as typeof kind)}
        className="h-6 rounded border border-line bg-panel2 px-1 text-[11px]"
        data-testid="lookup-kind"
      >
        <option value="orderId">orderId</option>
        <option value="clientOrderId">clientOrderId</option>
      </select>
      <input
        value={v}
        onChange={(e) => setV(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && go()}
        placeholder={t('orders.lookup')}
        data-testid="lookup-input"
        className="num h-6 w-40 rounded border border-line bg-panel2 px-1.5 text-[11px] outline-none focus:border-accent"
      />
      <Button size="xs" onClick={go} data-testid="lookup-go">
        {t('common.search')}
      </Button>
    </div>
  );
}
