// Permission gate in front of a list query's table: the gate's reason while closed, else the table,
// dimmed and marked when its data is not current (issue 11).
import { QueryTable, type QueryTableProps } from '../../components/index.js';
import type { Gate } from '../../lib/gate.js';
import { FreshFrame, isQueryLike } from '../../lib/live/FreshFrame.js';
import { GateNote } from '../../lib/useGate.js';

export function GatedQueryTable<T>(props: QueryTableProps<T> & { gate: Gate }) {
  const { gate, ...table } = props;
  if (!gate.ok) {
    return (
      <div className="p-3">
        <GateNote gate={gate} />
      </div>
    );
  }
  if (!isQueryLike(table.query)) return <QueryTable {...table} />;
  return (
    <FreshFrame q={table.query}>
      <QueryTable {...table} />
    </FreshFrame>
  );
}
