import { type ReactNode, useEffect, useRef } from 'react';

/** Modal dialog built on <dialog>: Escape closes, focus goes to the first control marked autoFocus. */
export function Dialog(props: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  onClose: () => void;
  width?: number;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (props.open && !d.open) d.showModal();
    if (!props.open && d.open) d.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      data-testid={props.testId}
      onCancel={(e) => {
        e.preventDefault();
        props.onClose();
      }}
      className="m-auto rounded-md border border-line bg-panel p-0 text-fg shadow-2xl backdrop:bg-black/60"
      style={{ width: props.width ?? 420 }}
    >
      {props.open && (
        <>
          <header className="flex h-10 items-center justify-between border-b border-line px-3">
            <h3 className="text-[13px] font-semibold">{props.title}</h3>
            <button
              type="button"
              className="text-dim hover:text-fg"
              onClick={props.onClose}
              aria-label="close"
            >
              ✕
            </button>
          </header>
          <div className="p-3 text-[12px]">{props.children}</div>
          {props.footer && (
            <footer className="flex justify-end gap-2 border-t border-line p-3">{props.footer}</footer>
          )}
        </>
      )}
    </dialog>
  );
}
