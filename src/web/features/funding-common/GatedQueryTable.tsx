// Permission gate in front of a list query's table: the gate's reason while closed, else the table.
import { QueryTable, type QueryTableProps } from '../../components/index.js';
import type { Gate } from '../../lib/gate.js';
import { GateNote } from '../account-info/useGate.js';

export function GatedQueryTable<T>(props: QueryTableProps<T> & { gate: Gate }) {
  const { gate, ...table } = props;
  if (!gate.ok) {
    return (
      <div className="p-3">
        <GateNote gate={gate} />
      </div>
    );
  }
  return <QueryTable {...table} />;
}
