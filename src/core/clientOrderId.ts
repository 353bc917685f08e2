// clientOrderId: the exchange's format for it, and how this project mints one. The proxy mints
// `kp-…` for placements that come without one (and for amends), the dashboard `web-…` for the
// orders it sends, the conditional engine derives `kc-<id>-<step>` (deterministic: a retry or a
// restart can never place the same step twice).

/** The exchange's rule: 1-36 characters of 0-9 a-z A-Z . : _ - */
export const CLIENT_ORDER_ID_RE = /^[0-9a-zA-Z.:_-]{1,36}$/;

/** Who minted an id: the proxy or the dashboard. */
export type ClientOrderIdSource = 'kp' | 'web';

/** `<source>-<time base36>-<12 hex>`: at most 25 characters, unique per intent. */
export function newClientOrderId(source: ClientOrderIdSource, now = Date.now()): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(6));
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return `${source}-${now.toString(36)}-${hex}`;
}

/** A conditional order's step: its own clientOrderId, the same on every retry and after a restart. */
export function derivedClientOrderId(condId: string, step: 'entry' | 'resting' | `leg${number}`): string {
  const tag = step === 'entry' ? 'e' : step === 'resting' ? 'r' : `t${step.slice(3)}`;
  return `kc-${condId}-${tag}`;
}
