// Relays demo-scenario control to the sandbox's loopback admin API (server to server: no Origin
// header, so the admin API's browser refusal does not apply). Only used when the upstream is the sandbox.
import { ProxyError } from '../errors.js';

export async function relayScenario(
  restUrl: string,
  method: 'GET' | 'POST' | string,
  body: Record<string, unknown> | undefined,
  adminPath: '/admin/scenario' | '/admin/replay' = '/admin/scenario',
): Promise<{ status: number; text: string }> {
  const url = new URL(adminPath, restUrl);
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost' && url.hostname !== '[::1]') {
    throw new ProxyError(409, 'BAD_REQUEST', 'the sandbox upstream is not on loopback');
  }
  try {
    const res = await fetch(url, {
      method,
      headers: method === 'POST' ? { 'Content-Type': 'application/json' } : {},
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal: AbortSignal.timeout(5000),
    });
    return { status: res.status, text: await res.text() };
  } catch {
    throw new ProxyError(502, 'UPSTREAM_UNREACHABLE', 'the sandbox admin API did not answer');
  }
}
