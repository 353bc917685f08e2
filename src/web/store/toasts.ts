// Toasts: short notices that stack in a corner and leave by themselves (zustand, not persisted).
import { create } from 'zustand';
import { ApiError } from '../../core/errors.js';

export type ToastTone = 'ok' | 'warn' | 'error' | 'info';

export interface Toast {
  id: number;
  tone: ToastTone;
  title: string;
  body?: string;
  /** The exchange's or the proxy's symbolic code, shown in small print. */
  code?: string;
  /** Replaces an earlier toast with the same key (an order's later fate replaces its first notice). */
  key?: string;
  /** Milliseconds on screen; 0 keeps it until closed. */
  ttlMs: number;
  testId?: string;
}

export type ToastInput = Omit<Toast, 'id' | 'ttlMs'> & { ttlMs?: number };

const MAX = 5;
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

interface ToastState {
  toasts: Toast[];
  push: (t: ToastInput) => number;
  dismiss: (id: number) => void;
}

export const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  push: (input) => {
    const id = nextId++;
    const toast: Toast = { ttlMs: input.tone === 'ok' || input.tone === 'info' ? 6000 : 12000, ...input, id };
    set((s) => {
      const kept = s.toasts.filter((x) => !(toast.key && x.key === toast.key));
      for (const x of s.toasts) if (!kept.includes(x)) clearTimer(x.id);
      const list = [...kept, toast];
      for (const x of list.slice(0, Math.max(0, list.length - MAX))) clearTimer(x.id);
      return { toasts: list.slice(-MAX) };
    });
    if (toast.ttlMs > 0)
      timers.set(
        id,
        setTimeout(() => get().dismiss(id), toast.ttlMs),
      );
    return id;
  },
  dismiss: (id) => {
    clearTimer(id);
    set((s) => ({ toasts: s.toasts.filter((x) => x.id !== id) }));
  },
}));

function clearTimer(id: number) {
  const t = timers.get(id);
  if (t) clearTimeout(t);
  timers.delete(id);
}

/** Imperative use outside React (order tracking, stream handlers). */
export const pushToast = (t: ToastInput) => useToasts.getState().push(t);

/** A failed action: its title, the error's description and code (an ApiError's), or its text. */
export const pushErrorToast = (title: string, e: unknown) =>
  pushToast({
    tone: 'error',
    title,
    body: e instanceof ApiError ? e.description : String(e),
    code: e instanceof ApiError ? e.code : undefined,
  });

/** Removes the toast with this key, if any. */
export function dismissToastKey(key: string) {
  const s = useToasts.getState();
  for (const t of s.toasts) if (t.key === key) s.dismiss(t.id);
}
