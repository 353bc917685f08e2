import { isLoopbackHostname } from '../upstreams.js';

/** Exact `host:port` strings the proxy answers to (DNS-rebinding defence). */
export function allowedHostSet(bindHost: string, port: number): Set<string> {
  const set = new Set<string>();
  const add = (h: string) => set.add(`${h.toLowerCase()}:${port}`);
  if (isLoopbackHostname(bindHost)) {
    add('127.0.0.1');
    add('localhost');
    add('[::1]');
  }
  if (bindHost.includes(':') && !bindHost.startsWith('[')) add(`[${bindHost}]`);
  else add(bindHost);
  return set;
}

/**
 * Parses a Host header and returns its normalised `host:port` when it is exactly one of the allowed
 * values, otherwise null. No prefix or suffix matching: `127.0.0.1:8787.evil.com` or
 * `localhost:8787@evil` fail.
 */
export function checkHost(header: string | undefined, allowed: Set<string>): string | null {
  if (!header || header.length > 300) return null;
  let norm = normalised.get(header);
  if (norm === undefined) {
    norm = normaliseHost(header);
    if (normalised.size >= 64) normalised.clear();
    normalised.set(header, norm);
  }
  return norm !== null && allowed.has(norm) ? norm : null;
}

/** Host header -> its `host:port` form or null: a pure function of the header, so kept for the next request. */
const normalised = new Map<string, string | null>();

function normaliseHost(header: string): string | null {
  if (!/^[A-Za-z0-9.\-[\]:]+$/.test(header)) return null;
  let url: URL;
  try {
    url = new URL(`http://${header}`);
  } catch {
    return null;
  }
  if (!url.port) return null;
  const norm = `${url.hostname}:${url.port}`.toLowerCase();
  return norm === header.toLowerCase() ? norm : null;
}
