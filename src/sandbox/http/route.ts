/** Route plumbing shared by the endpoint-family files: the call context and strict parameter readers. */
import type { SbxInternals } from '../internals.js';
import type { ApiKeyRecord, MarketInfo, SbxError } from '../types.js';
import type { Params } from './params.js';

export interface Call {
  params: Params;
  /** Authenticated user (private endpoints). */
  userId: number;
  /** Effective account (default 1). */
  accountSeq: number;
  key?: ApiKeyRecord;
  ip: string;
  now: number;
  sbx: SbxInternals;
}

export type Reply = { ok: true; data?: unknown } | { ok: false; error: SbxError };

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** Parameter names the endpoint accepts besides timestamp, recvWindow, signature, accountSeq. */
  params: string[];
  handle(c: Call): Reply;
}

/** Thrown by readers; turned into a 4xx envelope by the server. */
export class ParamError extends Error {
  constructor(readonly info: SbxError) {
    super(info.code);
  }
}

export const badRequest = (description: string): SbxError => ({
  status: 400,
  code: 'BAD_REQUEST',
  description,
});
export const ok = (data?: unknown): Reply => (data === undefined ? { ok: true } : { ok: true, data });
export const fail = (error: SbxError): Reply => ({ ok: false, error });

export function str(p: Params, name: string): string {
  const v = p.get(name);
  if (v === undefined || v === '') throw new ParamError(badRequest(`${name} is required.`));
  return v;
}

export function optStr(p: Params, name: string): string | undefined {
  const v = p.get(name);
  if (v === '') throw new ParamError(badRequest(`${name} must not be empty.`));
  return v;
}

/** Integer parameter (plain digits only: no sign, exponent, decimals or leading '+'). */
export function optInt(p: Params, name: string, lo: number, hi: number): number | undefined {
  const v = p.get(name);
  if (v === undefined) return undefined;
  if (!/^\d{1,16}$/.test(v)) throw new ParamError(badRequest(`${name} must be an integer.`));
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < lo || n > hi) {
    throw new ParamError(badRequest(`${name} must be from ${lo} to ${hi}.`));
  }
  return n;
}

export function int(p: Params, name: string, lo: number, hi: number): number {
  const n = optInt(p, name, lo, hi);
  if (n === undefined) throw new ParamError(badRequest(`${name} is required.`));
  return n;
}

export function market(c: Call, name = 'symbol'): MarketInfo {
  const s = str(c.params, name);
  const m = c.sbx.markets.get(s);
  if (!m)
    throw new ParamError({ status: 400, code: 'INVALID_CURRENCY_PAIR', description: `Unknown pair ${s}.` });
  return m;
}

export function currency(c: Call, name = 'currency'): string {
  const cur = str(c.params, name);
  if (!c.sbx.funding.currencyConfig(cur)) {
    throw new ParamError({ status: 400, code: 'INVALID_CURRENCY', description: `Unknown currency ${cur}.` });
  }
  return cur;
}
