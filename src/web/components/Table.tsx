import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: string;
  className?: string;
}

/** Dense data table with a sticky header. Numbers should be right-aligned with the `num` class. */
export function Table<T>(props: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  onRowClick?: (row: T) => void;
  empty?: ReactNode;
  testId?: string;
  rowTestId?: string;
}) {
  const alignCls = (a?: string) =>
    a === 'right' ? 'text-right' : a === 'center' ? 'text-center' : 'text-left';
  return (
    <table className="w-full border-collapse text-[12px]" data-testid={props.testId}>
      <thead className="sticky top-0 z-10 bg-panel">
        <tr className="text-dim">
          {props.columns.map((c) => (
            <th
              key={c.key}
              style={c.width ? { width: c.width } : undefined}
              className={`h-7 border-b border-line px-2 font-normal whitespace-nowrap ${alignCls(c.align)}`}
            >
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r) => (
          <tr
            key={props.rowKey(r)}
            data-testid={props.rowTestId}
            onClick={props.onRowClick ? () => props.onRowClick?.(r) : undefined}
            className={`h-7 border-b border-line/50 hover:bg-panel2 ${props.onRowClick ? 'cursor-pointer' : ''}`}
          >
            {props.columns.map((c) => (
              <td key={c.key} className={`px-2 whitespace-nowrap ${alignCls(c.align)} ${c.className ?? ''}`}>
                {c.cell(r)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {props.rows.length === 0 && props.empty && (
        <tbody>
          <tr>
            <td colSpan={props.columns.length}>{props.empty}</td>
          </tr>
        </tbody>
      )}
    </table>
  );
}
