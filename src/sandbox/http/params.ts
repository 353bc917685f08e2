/**
 * Strict application/x-www-form-urlencoded parsing of received bytes: every name at most once,
 * valid percent-encoding and UTF-8, bounded sizes. Errors are values.
 */
import type { Result } from '../types.js';

export type Params = Map<string, string>;

const MAX_PARAMS = 64;
const MAX_VALUE = 4096;

export function parseForm(raw: string, into: Params = new Map()): Result<Params> {
  if (raw === '') return { ok: true, value: into };
  const parts = raw.split('&');
  if (parts.length + into.size > MAX_PARAMS) return bad('Too many parameters.');
  for (const part of parts) {
    if (part === '') return bad('Empty parameter segment.');
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    const rawValue = eq < 0 ? '' : part.slice(eq + 1);
    const name = decode(rawName);
    const value = decode(rawValue);
    if (name === null || value === null) return bad('Malformed percent-encoding or invalid UTF-8.');
    if (name === '') return bad('Empty parameter name.');
    if (value.length > MAX_VALUE) return bad(`Parameter ${name} is too long.`);
    if (into.has(name)) return bad(`Parameter ${name} is repeated.`);
    into.set(name, value);
  }
  return { ok: true, value: into };
}

function decode(s: string): string | null {
  // nothing to decode (the usual name and value): the bytes are the text
  if (s.indexOf('%') < 0 && s.indexOf('+') < 0) return s;
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

function bad(description: string): Result<Params> {
  return { ok: false, error: { status: 400, code: 'BAD_REQUEST', description } };
}
