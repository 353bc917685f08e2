// Gathers the doctor's facts from the active upstream: /v2/time (round trip, offset), /v2/ip,
// a signed /v2/currentKeyInfo with the profile's key, the rate-limit headers it carries, and a
// public WebSocket subscription. Nothing here judges; checks.ts does.
import { WebSocket } from 'ws';
import type { DoctorReport } from '../../core/proxyApi/doctor.js';
import { parseServerTime } from '../clock/clock.js';
import { ProxyError } from '../errors.js';
import type { UpstreamClient } from '../forward/client.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { StoredProfile } from '../keystore/types.js';
import { isLiveUpstream } from '../upstreams.js';
import { assess, type DoctorFacts, type KeyInfoFacts, type Outcome, overall } from './checks.js';

export interface DoctorDeps {
  forwarder: Forwarder;
  client: UpstreamClient;
  recvWindow: number;
}

function failure(e: unknown): { ok: false; code: string; message: string } {
  if (e instanceof ProxyError) return { ok: false, code: e.code, message: e.message };
  return { ok: false, code: 'NETWORK_ERROR', message: e instanceof Error ? e.message : String(e) };
}

async function measureTime(d: DoctorDeps, restUrl: string): Promise<DoctorFacts['time']> {
  const samples: { rtt: number; offset: number }[] = [];
  try {
    for (let i = 0; i < 3; i++) {
      const t0 = Date.now();
      const res = await d.client.send({ restUrl, method: 'GET', path: '/v2/time', timeoutMs: 5000 });
      const t1 = Date.now();
      const time = parseServerTime(res.text);
      if (time === null)
        return {
          ok: false,
          code: 'UPSTREAM_INVALID_RESPONSE',
          message: `GET /v2/time answered ${res.status} without a time`,
        };
      samples.push({ rtt: t1 - t0, offset: time - (t0 + t1) / 2 });
    }
  } catch (e) {
    return failure(e);
  }
  samples.sort((a, b) => a.rtt - b.rtt);
  // the fastest sample bounds the offset best; the median round trip is what requests see
  return { ok: true, rttMs: samples[1]!.rtt, offsetMs: samples[0]!.offset };
}

/** The live service answers text/plain (the bare address); an envelope `{data:"..."}` or `{data:{ip}}` is read too. */
export function parseIpAnswer(text: string): string | null {
  const s = text.trim();
  let v: unknown = s;
  if (s.startsWith('{')) {
    try {
      const j = JSON.parse(s) as { data?: unknown; ip?: unknown };
      v = typeof j.data === 'string' ? j.data : ((j.data as { ip?: unknown } | undefined)?.ip ?? j.ip);
    } catch {
      return null;
    }
  }
  return typeof v === 'string' && /^[0-9a-fA-F:.]{2,45}$/.test(v.trim()) ? v.trim() : null;
}

async function probeIp(d: DoctorDeps, restUrl: string): Promise<DoctorFacts['ip']> {
  try {
    const res = await d.client.send({ restUrl, method: 'GET', path: '/v2/ip', timeoutMs: 5000 });
    const ip = res.status === 200 ? parseIpAnswer(res.text) : null;
    if (!ip)
      return {
        ok: false,
        code: 'UPSTREAM_INVALID_RESPONSE',
        message: `GET /v2/ip answered ${res.status} without an address`,
      };
    return { ok: true, ip };
  } catch (e) {
    return failure(e);
  }
}

async function probeKey(
  d: DoctorDeps,
  profile: StoredProfile,
): Promise<{ keyInfo: Outcome<{ info: KeyInfoFacts }>; rateLimit?: DoctorFacts['rateLimit'] }> {
  try {
    const r = await d.forwarder.execute({ method: 'GET', path: '/v2/currentKeyInfo', params: [], profile });
    const limit = Number(r.headers['X-Ratelimit-Limit']);
    const remaining = Number(r.headers['X-Ratelimit-Remaining']);
    const resetSec = Number(r.headers['X-Ratelimit-Reset']);
    const rateLimit =
      Number.isFinite(limit) && Number.isFinite(remaining)
        ? { limit, remaining, resetSec: Number.isFinite(resetSec) ? resetSec : 0 }
        : undefined;
    if (!r.envelope.success) {
      const code =
        typeof r.envelope.error?.message === 'string' ? r.envelope.error.message : `HTTP_${r.status}`;
      const desc = typeof r.envelope.error?.description === 'string' ? r.envelope.error.description : code;
      return { keyInfo: { ok: false, code, message: desc }, rateLimit };
    }
    const data = r.envelope.data as Partial<KeyInfoFacts> | undefined;
    if (!data || typeof data !== 'object' || !Array.isArray(data.permissions)) {
      return {
        keyInfo: { ok: false, code: 'UPSTREAM_INVALID_RESPONSE', message: 'key info without permissions' },
        rateLimit,
      };
    }
    return {
      keyInfo: {
        ok: true,
        info: {
          type: String(data.type ?? ''),
          status: String(data.status ?? ''),
          permissions: data.permissions.map(String),
          whitelist: typeof data.whitelist === 'string' ? data.whitelist : null,
          expiration: typeof data.expiration === 'number' ? data.expiration : null,
          allowedAccountSeqs: Array.isArray(data.allowedAccountSeqs)
            ? data.allowedAccountSeqs.map(Number)
            : [],
        },
      },
      rateLimit,
    };
  } catch (e) {
    return { keyInfo: failure(e) };
  }
}

/** Opens the public stream, subscribes to one ticker with a requestId and waits for any answer. */
export function probeStream(wsUrl: string, timeoutMs = 5000): Promise<DoctorFacts['stream']> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    let done = false;
    let ws: WebSocket;
    const finish = (r: DoctorFacts['stream']) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      try {
        ws.terminate();
      } catch {
        // already gone
      }
      resolve(r);
    };
    const timer = setTimeout(
      () => finish({ ok: false, code: 'TIMEOUT', message: `no answer from ${wsUrl} in ${timeoutMs} ms` }),
      timeoutMs,
    );
    try {
      ws = new WebSocket(wsUrl, { handshakeTimeout: timeoutMs });
    } catch (e) {
      finish(failure(e));
      return;
    }
    ws.on('open', () =>
      ws.send(JSON.stringify([{ requestId: 1, method: 'subscribe', type: 'ticker', symbols: ['btc_krw'] }])),
    );
    ws.on('message', () => finish({ ok: true, ms: Date.now() - t0 }));
    ws.on('error', (e) => finish(failure(e)));
    ws.on('close', () =>
      finish({ ok: false, code: 'NETWORK_ERROR', message: `${wsUrl} closed the connection` }),
    );
  });
}

/** Runs every probe for one profile (or none) against the upstream that profile uses. */
export async function runDoctor(d: DoctorDeps, profile: StoredProfile | undefined): Promise<DoctorReport> {
  const upstream = d.forwarder.upstreamFor(profile);
  const [time, ip, stream, key] = await Promise.all([
    measureTime(d, upstream.restUrl),
    probeIp(d, upstream.restUrl),
    probeStream(upstream.wsPublicUrl),
    profile ? probeKey(d, profile) : Promise.resolve(undefined),
  ]);
  const facts: DoctorFacts = {
    now: Date.now(),
    upstream: { name: upstream.name, restUrl: upstream.restUrl, live: isLiveUpstream(upstream) },
    recvWindow: d.recvWindow,
    ...(profile ? { profile: { id: profile.id, label: profile.label, type: profile.type } } : {}),
    time,
    ip,
    stream,
    ...(key ? { keyInfo: key.keyInfo, ...(key.rateLimit ? { rateLimit: key.rateLimit } : {}) } : {}),
  };
  const lines = assess(facts);
  return {
    status: overall(lines),
    checkedAt: facts.now,
    upstream: facts.upstream,
    ...(facts.profile ? { profile: facts.profile } : {}),
    lines,
  };
}
