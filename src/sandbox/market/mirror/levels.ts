// The source's book levels as the engine's scaled integers (a level it cannot represent is left out).
import { priceToInt, qtyToInt } from '../../engine/units.js';
import type { IntLevel } from '../source.js';

interface LevelWire {
  price: string;
  qty: string;
}

export function intLevels(levels: unknown): IntLevel[] {
  const out: IntLevel[] = [];
  if (!Array.isArray(levels)) return out;
  for (const l of levels as LevelWire[]) {
    const p = typeof l?.price === 'string' ? priceToInt(l.price) : null;
    const q = typeof l?.qty === 'string' ? qtyToInt(l.qty) : null;
    // a level the engine cannot represent (more than 4 price or 8 qty decimals) is left out
    if (p !== null && q !== null && p > 0 && q > 0) out.push([p, q]);
  }
  return out;
}
