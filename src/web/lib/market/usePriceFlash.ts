import { useEffect, useRef, useState } from 'react';
import { gt } from '../../../core/decimal.js';

/** A class that flashes up/down color when the value changes, and a key that restarts the animation. */
export function usePriceFlash(value: string | undefined) {
  const prev = useRef<string | undefined>(undefined);
  const [flash, setFlash] = useState({ cls: '', n: 0 });
  useEffect(() => {
    const before = prev.current;
    prev.current = value;
    if (!before || !value || before === value) return;
    setFlash((f) => ({ cls: gt(value, before) ? 'flash-up' : 'flash-down', n: f.n + 1 }));
  }, [value]);
  return flash;
}
