import type { ReactNode } from 'react';

/** Label/value pairs of one record, as a two-column definition list. */
export function DetailRows(props: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[140px_1fr] gap-x-3 gap-y-1.5">
      {props.rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-dim">{k}</dt>
          <dd className="num break-all">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
