/** Upstream presets and URL helpers. */
export type UpstreamName = 'sandbox' | 'live' | 'former' | 'custom' | 'paper';

export interface Upstream {
  name: UpstreamName;
  restUrl: string;
  wsPublicUrl: string;
  wsPrivateUrl: string;
}

export const LIVE_UPSTREAM: Upstream = {
  name: 'live',
  restUrl: 'https://api.digitalx.miraeasset.com',
  wsPublicUrl: 'wss://ws-api.digitalx.miraeasset.com/v2/public',
  wsPrivateUrl: 'wss://ws-api.digitalx.miraeasset.com/v2/private',
};

export const FORMER_UPSTREAM: Upstream = {
  name: 'former',
  restUrl: 'https://api.korbit.co.kr',
  wsPublicUrl: 'wss://ws-api.korbit.co.kr/v2/public',
  wsPrivateUrl: 'wss://ws-api.korbit.co.kr/v2/private',
};

export const SANDBOX_UPSTREAM: Upstream = {
  name: 'sandbox',
  restUrl: 'http://127.0.0.1:9999',
  wsPublicUrl: 'ws://127.0.0.1:9999/v2/public',
  wsPrivateUrl: 'ws://127.0.0.1:9999/v2/private',
};

/** The CLI's `--upstream`: omitted or `sandbox` = the local sandbox's default port, else `resolveUpstream`. */
export function upstreamFromFlag(spec: string | undefined): Upstream {
  return !spec || spec === 'sandbox' ? SANDBOX_UPSTREAM : resolveUpstream(spec);
}

/** Whether an upstream is a real exchange (anything not on loopback): the dashboard shows LIVE. */
export function isLiveUpstream(u: Pick<Upstream, 'restUrl'>): boolean {
  return !isLoopbackUrl(u.restUrl);
}

/** `live`, `former`, or a base URL (http(s)://host[:port]) serving REST and both WS paths on one port. */
export function resolveUpstream(spec: string): Upstream {
  if (spec === 'live') return LIVE_UPSTREAM;
  if (spec === 'former') return FORMER_UPSTREAM;
  let url: URL;
  try {
    url = new URL(spec);
  } catch {
    throw new Error(`unknown upstream "${spec}": use live, former or an http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`upstream URL must be http or https, got ${url.protocol}`);
  }
  const rest = `${url.protocol}//${url.host}`;
  const ws = `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
  return { name: 'custom', restUrl: rest, wsPublicUrl: `${ws}/v2/public`, wsPrivateUrl: `${ws}/v2/private` };
}

export function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || /^::ffff:127\./.test(h);
}

export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHostname(new URL(url).hostname);
  } catch {
    return false;
  }
}
