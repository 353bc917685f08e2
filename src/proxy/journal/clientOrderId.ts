import { randomBytes } from 'node:crypto';

export const CLIENT_ORDER_ID_RE = /^[0-9a-zA-Z.:_-]{1,36}$/;

/** `kp-<time base36>-<12 hex>`: 24 characters, unique per intent. */
export function newClientOrderId(): string {
  return `kp-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
}
