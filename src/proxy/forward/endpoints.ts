/**
 * The allowlist of forwarded endpoints is the core ENDPOINTS table (src/core/permissions.ts):
 * only the spec's v2 endpoints, with their auth, limit class and account scope.
 */
import { type AccountScope, type Endpoint, findEndpoint, type LimitClass } from '../../core/permissions.js';

export type { AccountScope, LimitClass };
export type EndpointInfo = Endpoint;

/** Endpoints that move money out; they need the profile's allowWithdrawals setting. */
export const WITHDRAWAL_ENDPOINTS = new Set([
  'POST /v2/coin/withdrawal',
  'POST /v2/krw/sendKrwWithdrawalPush',
]);

export function findAllowedEndpoint(method: string, path: string): EndpointInfo | undefined {
  if (!path.startsWith('/v2/') || path.includes('..') || path.includes('//')) return undefined;
  return findEndpoint(method, path);
}
