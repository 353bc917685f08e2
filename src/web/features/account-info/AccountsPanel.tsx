// The user's accounts with their names; those the current key may not touch are marked.
import { Badge, type Column, EmptyState, Panel, Table } from '../../components/index.js';
import { type AccountOption, useAccountOptions } from '../../lib/accounts/AccountSelect.js';
import { useT } from '../../lib/i18n.js';
import { useActiveProfileId } from '../../lib/session.js';

export function AccountsPanel() {
  const t = useT();
  const options = useAccountOptions(useActiveProfileId());
  const columns: Column<AccountOption>[] = [
    { key: 's', header: '#', className: 'num', cell: (a) => a.accountSeq, width: '40px' },
    {
      key: 'n',
      header: t('acc.accounts.name'),
      cell: (a) => a.accountName || (a.accountSeq === 1 ? t('acc.mainAccount') : '-'),
    },
    {
      key: 'a',
      header: t('acc.accounts.allowed'),
      align: 'right',
      cell: (a) =>
        a.allowed ? (
          <Badge tone="ok">✓</Badge>
        ) : (
          <Badge tone="warn" title={t('acc.gate.ACCOUNT_NOT_ALLOWED', { accountSeq: a.accountSeq })}>
            ✕
          </Badge>
        ),
    },
  ];
  return (
    <Panel title={t('acc.accounts.title')} testId="accounts-list">
      <Table columns={columns} rows={options} rowKey={(a) => a.accountSeq} empty={<EmptyState />} />
    </Panel>
  );
}
