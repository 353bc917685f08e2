import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Spinner } from '../../../components/Spinner.js';
import { Tabs } from '../../../components/Tabs.js';
import { useT } from '../../../lib/i18n.js';
import { CondTabLabel } from '../orders/CondTabLabel.js';

// Loaded when its tab is first opened, so the trading screen's first load does not carry it (issue 12).
const ConditionalTicket = lazy(() =>
  import('../../conditional/index.js')
    .then((m) => m.loadConditionalTicket())
    .then((m) => ({ default: m.ConditionalTicket })),
);

/** The order ticket with a second tab for conditional orders held by the proxy. */
export function TicketTabs({ symbol, children }: { symbol: string; children: ReactNode }) {
  const t = useT();
  const [tab, setTab] = useState<'ticket-order' | 'ticket-cond'>('ticket-order');
  const [base = '', quote = ''] = symbol.split('_');
  return (
    <div data-testid="ticket-tabs">
      <Tabs<'ticket-order' | 'ticket-cond'>
        value={tab}
        onChange={setTab}
        tabs={[
          { key: 'ticket-order', label: t('cond.ticketTab.order') },
          { key: 'ticket-cond', label: <CondTabLabel text={t('cond.ticketTab.cond')} /> },
        ]}
      />
      {tab === 'ticket-order' ? (
        children
      ) : (
        <Suspense fallback={<Spinner />}>
          <ConditionalTicket symbol={symbol} base={base.toUpperCase()} quote={quote.toUpperCase()} />
        </Suspense>
      )}
    </div>
  );
}
