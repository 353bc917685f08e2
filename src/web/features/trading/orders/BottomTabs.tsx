import { useState } from 'react';
import { Tabs } from '../../../components/Tabs.js';
import { useOpenOrders } from '../../../lib/account-stream/index.js';
import { useT } from '../../../lib/i18n.js';
import { AlertsPanel } from '../../alerts/index.js';
import { BalancesPanel } from '../../balances/index.js';
import { ConditionalTab } from '../../conditional/index.js';
import { CondTabLabel } from './CondTabLabel.js';
import { MyTradesTab } from './MyTradesTab.js';
import { OpenOrdersTab } from './OpenOrdersTab.js';
import { OrderHistoryTab } from './OrderHistoryTab.js';
import { PreventedMatchesTab } from './PreventedMatchesTab.js';

type Tab = 'open' | 'history' | 'trades' | 'prevented' | 'balances' | 'cond' | 'alerts';

export function BottomTabs(props: {
  profileId: string | null;
  accountSeq: number;
  symbol: string;
  canWrite: boolean;
}) {
  const t = useT();
  const [tab, setTab] = useState<Tab>('open');
  const open = useOpenOrders(props.profileId, props.accountSeq, props.symbol);
  const n = open.data?.length ?? 0;
  return (
    <div className="flex h-full flex-col" data-testid="bottom-tabs">
      <Tabs<Tab>
        value={tab}
        onChange={setTab}
        tabs={[
          { key: 'open', label: `${t('tabs.open')}${n ? ` (${n})` : ''}` },
          { key: 'history', label: t('tabs.history') },
          { key: 'trades', label: t('tabs.trades') },
          { key: 'prevented', label: t('tabs.prevented') },
          { key: 'balances', label: t('tabs.balances') },
          { key: 'cond', label: <CondTabLabel text={t('cond.tab')} /> },
          { key: 'alerts', label: t('alerts.tab') },
        ]}
      />
      <div className="min-h-0 flex-1">
        {tab === 'open' && <OpenOrdersTab {...props} />}
        {tab === 'history' && <OrderHistoryTab {...props} />}
        {tab === 'trades' && <MyTradesTab {...props} />}
        {tab === 'prevented' && <PreventedMatchesTab {...props} />}
        {tab === 'cond' && <ConditionalTab symbol={props.symbol} />}
        {tab === 'alerts' && <AlertsPanel symbol={props.symbol} />}
        {tab === 'balances' && (
          <div className="h-full overflow-auto">
            <BalancesPanel profileId={props.profileId} accountSeq={props.accountSeq} />
          </div>
        )}
      </div>
    </div>
  );
}
