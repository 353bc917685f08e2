import type { ReactNode } from 'react';

export interface TabDef<K extends string> {
  key: K;
  label: ReactNode;
}

export function Tabs<K extends string>(props: {
  tabs: TabDef<K>[];
  value: K;
  onChange: (k: K) => void;
  right?: ReactNode;
  size?: 'sm' | 'md';
}) {
  return (
    <div className="flex h-8 shrink-0 items-stretch border-b border-line" role="tablist">
      {props.tabs.map((t) => (
        <button
          key={t.key}
          type="button"
          role="tab"
          data-testid={`tab-${t.key}`}
          aria-selected={props.value === t.key}
          onClick={() => props.onChange(t.key)}
          className={`border-b-2 px-3 text-[12px] ${
            props.value === t.key
              ? 'border-accent font-semibold text-fg'
              : 'border-transparent text-dim hover:text-fg'
          }`}
        >
          {t.label}
        </button>
      ))}
      <div className="ml-auto flex items-center gap-1 pr-2">{props.right}</div>
    </div>
  );
}
