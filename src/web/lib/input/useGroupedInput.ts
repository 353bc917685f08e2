// A numeric input that always shows thousands separators while typing, keeping the caret where it was.
// (Switching between raw and grouped text on focus broke select-all-and-type; this never switches.)
import { type ChangeEvent, useLayoutEffect, useRef } from 'react';
import { caretAfterDigits, cleanDecimalInput, groupDigits } from './decimalInput.js';

export function useGroupedInput(raw: string, setRaw: (v: string) => void, maxDp: number) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (caret.current === null || !el || document.activeElement !== el) return;
    const pos = caretAfterDigits(el.value, caret.current);
    el.setSelectionRange(pos, pos);
    caret.current = null;
  });
  return {
    ref,
    value: groupDigits(raw),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const el = e.target;
      const before = el.value.slice(0, el.selectionStart ?? el.value.length);
      caret.current = before.replace(/[^0-9.]/g, '').length;
      setRaw(cleanDecimalInput(el.value, maxDp));
    },
  };
}
