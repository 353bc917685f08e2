// Exact operations on plain decimal strings ("-12.340", "007") by string and bigint work, without
// big.js: the fast path of decimal.ts for what every order validation and book row does (canonical
// form, sign, comparison, multiple of a tick). Anything else falls back to big.js there.

const PLAIN_PARTS = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * The canonical form of a plain decimal (no leading zeros before the units digit, no trailing
 * zeros after the dot, no dot without decimals, "-0" as "0"), or null when s is not plain decimal
 * text (exponents, signs other than one leading minus, spaces: the caller's slow path decides).
 */
export function canonicalPlain(s: string): string | null {
  const m = PLAIN_PARTS.exec(s);
  if (m === null) return null;
  let int = m[2]!;
  let i = 0;
  while (i < int.length - 1 && int.charCodeAt(i) === 48) i++;
  if (i > 0) int = int.slice(i);
  const frac = m[3];
  let body = int;
  if (frac !== undefined) {
    let j = frac.length;
    while (j > 0 && frac.charCodeAt(j - 1) === 48) j--;
    if (j > 0) body = `${int}.${frac.slice(0, j)}`;
  }
  return m[1] === '-' && body !== '0' ? `-${body}` : body;
}

/** Compares two canonical plain decimals (canonicalPlain's output). */
export function cmpCanonical(a: string, b: string): -1 | 0 | 1 {
  const na = a.charCodeAt(0) === 45;
  const nb = b.charCodeAt(0) === 45;
  if (na !== nb) return na ? -1 : 1;
  const r = cmpMagnitude(na ? a.slice(1) : a, nb ? b.slice(1) : b);
  return na && r !== 0 ? (-r as -1 | 1) : r;
}

/**
 * Canonical magnitudes: more integer digits is larger (no leading zeros); with as many, the texts
 * compare as written (the dot sits at the same place, and a prefix is the smaller number).
 */
function cmpMagnitude(a: string, b: string): -1 | 0 | 1 {
  const ia = intDigits(a);
  const ib = intDigits(b);
  if (ia !== ib) return ia < ib ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function intDigits(s: string): number {
  const dot = s.indexOf('.');
  return dot < 0 ? s.length : dot;
}

/** Digits after the dot of a canonical plain decimal. */
export function placesOfCanonical(s: string): number {
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/** |s| x 10^dp as a bigint, for a canonical s with at most dp decimals. */
function scaledMagnitude(s: string, dp: number): bigint {
  const abs = s.charCodeAt(0) === 45 ? s.slice(1) : s;
  const dot = abs.indexOf('.');
  if (dot < 0) return BigInt(abs + '0'.repeat(dp));
  const frac = abs.slice(dot + 1);
  return BigInt(abs.slice(0, dot) + frac + '0'.repeat(dp - frac.length));
}

/** Whether canonical a is a whole multiple of canonical step; null when step is zero. */
export function isMultipleOfCanonical(a: string, step: string): boolean | null {
  const dp = Math.max(placesOfCanonical(a), placesOfCanonical(step));
  const s = scaledMagnitude(step, dp);
  if (s === 0n) return null;
  return scaledMagnitude(a, dp) % s === 0n;
}
