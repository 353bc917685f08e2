import { type ReactNode, useState } from 'react';
import { Tabs } from '../../components/Tabs.js';
import { useT } from '../../lib/i18n.js';
import { ConditionalTicket } from './ConditionalTicket.js';
import { CondTabLabel } from './CondTabLabel.js';

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
        <ConditionalTicket symbol={symbol} base={base.toUpperCase()} quote={quote.toUpperCase()} />
      )}
    </div>
  );
}
