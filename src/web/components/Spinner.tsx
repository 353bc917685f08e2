export function Spinner(props: { label?: string; className?: string }) {
  return (
    <div
      className={`flex items-center justify-center gap-2 text-[12px] text-dim ${props.className ?? 'h-full min-h-16'}`}
    >
      <span className="inline-block h-3 w-3 animate-spin rounded-full border-2 border-dim border-t-transparent" />
      {props.label}
    </div>
  );
}
