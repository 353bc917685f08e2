import type { Param } from '../../core/encode.js';
import { ProxyError } from '../errors.js';

/** Query string of the browser's request → ordered params (form decoding). */
export function paramsFromQuery(search: string): Param[] {
  const out: Param[] = [];
  if (search === '' || search === '?') return out;
  for (const [k, v] of new URLSearchParams(search)) out.push([k, v]);
  return out;
}

/** JSON object body → ordered params. Values: string, finite number, boolean; null/undefined skipped. */
export function paramsFromJson(body: Record<string, unknown>): Param[] {
  const out: Param[] = [];
  for (const [k, v] of Object.entries(body)) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'string') out.push([k, v]);
    else if (typeof v === 'number' && Number.isFinite(v)) out.push([k, String(v)]);
    else if (typeof v === 'boolean') out.push([k, v ? 'true' : 'false']);
    else throw new ProxyError(400, 'BAD_REQUEST', `parameter ${k.slice(0, 40)} must be a string or a number`);
  }
  return out;
}

export function getParam(params: readonly Param[], name: string): string | undefined {
  return params.find(([k]) => k === name)?.[1];
}

export function setParam(params: Param[], name: string, value: string): Param[] {
  const i = params.findIndex(([k]) => k === name);
  if (i >= 0) params[i] = [name, value];
  else params.push([name, value]);
  return params;
}

export function accountSeqOf(params: readonly Param[]): number | null {
  const v = getParam(params, 'accountSeq');
  if (v === undefined) return null;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : null;
}
