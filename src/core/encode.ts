// Request encoding exactly as sent: application/x-www-form-urlencoded in the given order
// (URLSearchParams rules: space as "+"). Signatures cover these exact bytes; never re-encode.

export type Param = [name: string, value: string];

export function encodeParams(params: readonly Param[]): string {
  return new URLSearchParams(params as Param[]).toString();
}

/** Query and body are concatenated with nothing between (spec 5.2 rule 5). */
export function stringToSign(query: string, body: string): string {
  return `${query}${body}`;
}

/** Turns a record of values into ordered params, dropping undefined and null. */
export function toParams(record: Record<string, string | number | boolean | null | undefined>): Param[] {
  const out: Param[] = [];
  for (const [k, v] of Object.entries(record)) {
    if (v === undefined || v === null) continue;
    out.push([k, String(v)]);
  }
  return out;
}

/**
 * Removes the `signature=` segment from received raw bytes, keeping every other byte as received.
 * Returns the decoded signature (form decoding: "+" is a space, then percent-decoding).
 */
export function stripSignature(raw: string): { unsigned: string; signature: string | null; count: number } {
  if (raw === '') return { unsigned: '', signature: null, count: 0 };
  const kept: string[] = [];
  let signature: string | null = null;
  let count = 0;
  for (const segment of raw.split('&')) {
    if (segment.startsWith('signature=')) {
      count++;
      signature = decodeFormComponent(segment.slice('signature='.length));
    } else {
      kept.push(segment);
    }
  }
  return { unsigned: kept.join('&'), signature, count };
}

export function decodeFormComponent(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
