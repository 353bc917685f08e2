// The trading screen's keys. Matched on KeyboardEvent.code (the physical key), so they work the same with
// the Korean IME on (b types ㅠ, but its code is still KeyB). Plain keys act only outside text fields;
// Ctrl/⌘ combinations act everywhere.

export type ActionId =
  | 'side.buy'
  | 'side.sell'
  | 'focus.price'
  | 'focus.qty'
  | 'pct.25'
  | 'pct.50'
  | 'pct.75'
  | 'pct.100'
  | 'order.submit'
  | 'order.cancelLast'
  | 'order.cancelAll'
  | 'pair.prev'
  | 'pair.next'
  | 'interval.prev'
  | 'interval.next'
  | 'palette'
  | 'help';

export interface KeyBinding {
  id: ActionId;
  /** How the key is written in the help overlay. */
  label: string;
  code: string;
  ctrl?: boolean;
  shift?: boolean;
}

export const KEYMAP: readonly KeyBinding[] = [
  { id: 'side.buy', label: 'B', code: 'KeyB' },
  { id: 'side.sell', label: 'S', code: 'KeyS' },
  { id: 'focus.price', label: 'P', code: 'KeyP' },
  { id: 'focus.qty', label: 'Q', code: 'KeyQ' },
  { id: 'pct.25', label: '1', code: 'Digit1' },
  { id: 'pct.50', label: '2', code: 'Digit2' },
  { id: 'pct.75', label: '3', code: 'Digit3' },
  { id: 'pct.100', label: '4', code: 'Digit4' },
  { id: 'order.submit', label: 'Ctrl+Enter', code: 'Enter', ctrl: true },
  { id: 'order.cancelLast', label: 'X', code: 'KeyX' },
  { id: 'order.cancelAll', label: 'Shift+X', code: 'KeyX', shift: true },
  { id: 'pair.prev', label: ',', code: 'Comma' },
  { id: 'pair.next', label: '.', code: 'Period' },
  { id: 'interval.prev', label: '[', code: 'BracketLeft' },
  { id: 'interval.next', label: ']', code: 'BracketRight' },
  { id: 'palette', label: 'Ctrl+K', code: 'KeyK', ctrl: true },
  { id: 'help', label: '?', code: 'Slash', shift: true },
];

export interface KeyLike {
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
}

/** The action of a key press, or null. `inText`: focus is in a text field, select or text area. */
export function actionFor(e: KeyLike, inText: boolean): ActionId | null {
  if (e.isComposing || e.altKey) return null;
  const ctrl = e.ctrlKey || e.metaKey;
  for (const b of KEYMAP) {
    if (b.code !== e.code || !!b.ctrl !== ctrl || !!b.shift !== e.shiftKey) continue;
    if (!b.ctrl && inText) return null;
    return b.id;
  }
  return null;
}

/** The neighbour of `current` in `list`, wrapping around; the first item when current is not in it. */
export function step<T>(list: readonly T[], current: T, dir: 1 | -1): T | undefined {
  if (!list.length) return undefined;
  const i = list.indexOf(current);
  if (i < 0) return list[0];
  return list[(i + dir + list.length) % list.length];
}
