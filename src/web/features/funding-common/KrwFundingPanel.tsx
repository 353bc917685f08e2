// A KRW deposits or withdrawals panel: the push request form over the gated list of recent requests.

import type { ListQuery } from '../../components/index.js';
import { type Column, Panel } from '../../components/index.js';
import type { Gate } from '../../lib/gate.js';
import { GatedQueryTable } from './GatedQueryTable.js';
import { KrwPushForm } from './KrwPushForm.js';

export function KrwFundingPanel<T extends { id: string | number }>(props: {
  title: string;
  testId: string;
  className: string;
  read: Gate;
  write: Gate;
  push: { label: string; sentText: string; testId: string; onSend: (amount: string) => Promise<unknown> };
  query: ListQuery<T>;
  columns: Column<T>[];
  empty: string;
}) {
  return (
    <Panel title={props.title} testId={props.testId} className={props.className}>
      <KrwPushForm
        gate={props.write}
        label={props.push.label}
        sentText={props.push.sentText}
        onSend={props.push.onSend}
        testId={props.push.testId}
      />
      <GatedQueryTable<T>
        gate={props.read}
        query={props.query}
        columns={props.columns}
        rowKey={(d) => String(d.id)}
        empty={props.empty}
      />
    </Panel>
  );
}
