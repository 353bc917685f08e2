/** Admin input readers and errors shared by the admin route files. */

import { parseDecimal } from '../../core/decimal.js';
import { isPermission } from '../../core/permissions.js';
import type { SbxInternals } from '../internals.js';
import type { MarketInfo, Permission, SbxError } from '../types.js';

export class AdminError extends Error {
  constructor(readonly info: SbxError) {
    super(info.code);
  }
}

export type In = Record<string, unknown>;
export interface AdminRoute {
  method: 'GET' | 'POST';
  path: string;
  handle(sbx: SbxInternals, input: In): unknown;
}

export const bad = (description: string) => new AdminError({ status: 400, code: 'BAD_REQUEST', description });

export function s(i: In, k: string): string {
  const v = i[k];
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string' || v === '') throw bad(`${k} is required (string).`);
  return v;
}
export const os = (i: In, k: string) => (i[k] === undefined || i[k] === null ? undefined : s(i, k));
export function n(i: In, k: string): number | undefined {
  const v = i[k];
  if (v === undefined || v === null) return undefined;
  const x = typeof v === 'string' ? Number(v) : v;
  if (typeof x !== 'number' || !Number.isSafeInteger(x)) throw bad(`${k} must be an integer.`);
  return x;
}
export function dec(i: In, k: string, allowZero = true): string {
  const r = parseDecimal(s(i, k), { allowZero });
  if (!r.ok) throw bad(`${k} ${r.reason}`);
  return r.value;
}
export function user(sbx: SbxInternals, i: In): number {
  const id = n(i, 'userId') ?? sbx.demoUserId;
  if (!sbx.users.userExists(id))
    throw new AdminError({ status: 404, code: 'NOT_FOUND', description: `No user ${id}.` });
  return id;
}
export function mkt(sbx: SbxInternals, i: In): MarketInfo {
  const m = sbx.markets.get(s(i, 'symbol'));
  if (!m) throw new AdminError({ status: 400, code: 'INVALID_CURRENCY_PAIR', description: 'Unknown pair.' });
  return m;
}
export function intList(i: In, k: string): number[] | undefined {
  const v = i[k];
  if (v === undefined) return undefined;
  const arr = typeof v === 'string' ? v.split(',').map(Number) : v;
  if (!Array.isArray(arr) || !arr.every((x) => Number.isSafeInteger(x)))
    throw bad(`${k} must be a list of integers.`);
  return arr as number[];
}
export function strList(i: In, k: string): string[] | undefined {
  const v = i[k];
  if (v === undefined) return undefined;
  const arr = typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v;
  if (!Array.isArray(arr) || !arr.every((x) => typeof x === 'string'))
    throw bad(`${k} must be a list of strings.`);
  return arr as string[];
}
export function perms(i: In): Permission[] | undefined {
  const p = strList(i, 'permissions');
  if (p && !p.every(isPermission)) throw bad('Unknown permission.');
  return p as Permission[] | undefined;
}
export function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: SbxError }): T {
  if (!r.ok) throw new AdminError(r.error);
  return r.value;
}
export function saveMarket(sbx: SbxInternals, m: MarketInfo) {
  sbx.exchange.updateMarket(m);
  return m;
}
