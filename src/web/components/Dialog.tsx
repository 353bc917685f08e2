import { type ReactNode, useEffect, useRef } from 'react';

/** The dialog's primary action: a footer button marked data-dialog-primary, else the footer's last enabled button. */
function primaryButton(d: HTMLDialogElement): HTMLButtonElement | null {
  const marked = d.querySelector<HTMLButtonElement>('footer [data-dialog-primary]:not([disabled])');
  if (marked) return marked;
  const all = d.querySelectorAll<HTMLButtonElement>('footer button:not([disabled])');
  return all[all.length - 1] ?? null;
}

/** Keys that a focused control handles itself (a button clicks, a list opens, a text area breaks the line). */
function ownsEnter(el: HTMLElement, d: HTMLDialogElement): boolean {
  const form = el.closest('form');
  if (form && d.contains(form)) return true;
  // a checkbox or radio is being chosen, not confirmed: Enter there never fires the primary action
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) return true;
  return ['BUTTON', 'A', 'TEXTAREA', 'SELECT', 'SUMMARY'].includes(el.tagName);
}

/**
 * Modal dialog built on <dialog>, keyboard first: focus starts on the primary action (the footer's
 * last button, the confirm), Enter anywhere else in the dialog runs it, Escape closes.
 */
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
    if (props.open && !d.open) {
      d.showModal(); // moves focus to the first focusable element (the close button): move it on
      primaryButton(d)?.focus();
    }
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
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.altKey || e.ctrlKey || e.metaKey) return;
        const d = ref.current;
        if (!d || ownsEnter(e.target as HTMLElement, d)) return;
        const b = primaryButton(d);
        if (!b) return;
        e.preventDefault();
        b.click();
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
              className="rounded px-1 text-dim hover:text-fg"
              onClick={props.onClose}
              aria-label="close"
              title="Esc"
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
