import type { Param } from '../../core/encode.js';
import { RetryGovernor } from '../../core/retry.js';
import { UpstreamClock } from '../clock/clock.js';
import { ProxyError } from '../errors.js';
import type { ProfileHealth } from '../health/health.js';
import type { Keystore } from '../keystore/store.js';
import type { StoredProfile } from '../keystore/types.js';
import { parseRatelimitHeader, parseRetryAfter, type RateLimiter } from '../limiter/limiter.js';
import type { Logger } from '../log.js';
import { encodeUnsigned, signRequestParams } from '../signer/sign.js';
import { resolveUpstream, type Upstream } from '../upstreams.js';
import { isAmbiguousFailure, type UpstreamClient, type UpstreamResponse } from './client.js';
import { type EndpointInfo, findAllowedEndpoint, WITHDRAWAL_ENDPOINTS } from './endpoints.js';
import {
  type Envelope,
  envelopeErrorCode,
  looksLikeSuccess,
  parseEnvelope,
  SHAPED_SUCCESS,
} from './envelope.js';
import { accountSeqOf } from './params.js';

export interface ForwardInput {
  method: string;
  path: string;
  params: Param[];
  profileId?: string;
  /** A profile not (yet) in the keystore, used as-is: the key check before a profile is saved. */
  profile?: StoredProfile;
  /** The caller sends `text` on and reads only `success`: a 200 success is told by its shape (envelope.ts). */
  passThrough?: boolean;
}

export interface ForwardResult {
  status: number;
  envelope: Envelope;
  text: string;
  headers: Record<string, string>; // headers for the browser (rate-limit state, Retry-After)
}

export interface ForwarderOptions {
  keystore: Keystore;
  client: UpstreamClient;
  limiter: RateLimiter;
  upstream: Upstream;
  recvWindow?: number;
  timeoutMs?: number;
  max429Retries?: number;
  maxRetryAfterMs?: number;
  clockRefreshMs?: number;
  /**
   * Sleep budget for resending a GET after a 5xx or a transport failure (default 700 ms: 100, 200,
   * 400). Reads only: a POST or DELETE is never resent here (placements have the journal, cancels
   * the cancel path). 0 switches it off.
   */
  readRetryBudgetMs?: number;
  /** Injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  log: Logger;
  /** Per-profile key problems: every forwarded answer of a stored profile is reported there. */
  health?: ProfileHealth;
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Allowlist, profile, withdrawal setting, rate shaping, signing with the clock offset, forwarding. */
export class Forwarder {
  private readonly clocks = new Map<string, UpstreamClock>();

  constructor(private readonly o: ForwarderOptions) {}

  upstreamFor(profile: StoredProfile | undefined): Upstream {
    if (profile?.upstream) {
      try {
        return resolveUpstream(profile.upstream);
      } catch {
        // an unusable per-profile upstream falls back to the proxy's own
      }
    }
    return this.o.upstream;
  }

  clock(restUrl: string): UpstreamClock {
    let c = this.clocks.get(restUrl);
    if (!c) {
      c = new UpstreamClock(this.o.client, restUrl, this.o.clockRefreshMs);
      this.clocks.set(restUrl, c);
      c.start((e) => this.o.log.warn(`clock sync with ${restUrl} failed: ${(e as Error).message ?? e}`));
    }
    return c;
  }

  get recvWindow(): number | undefined {
    return this.o.recvWindow;
  }

  resolveProfile(endpoint: EndpointInfo, profileId: string | undefined): StoredProfile | undefined {
    const profile = this.o.keystore.resolve(profileId);
    if (endpoint.auth === 'private' && !profile) {
      throw new ProxyError(
        profileId ? 404 : 400,
        'PROFILE_NOT_FOUND',
        profileId ? 'no profile with that id' : 'no API key profile configured',
      );
    }
    // public data needs no key: a stale X-Profile there falls back to the proxy's own upstream
    if (profileId && !profile && endpoint.auth === 'private') {
      throw new ProxyError(404, 'PROFILE_NOT_FOUND', 'no profile with that id');
    }
    return profile;
  }

  async execute(input: ForwardInput): Promise<ForwardResult> {
    const method = input.method.toUpperCase();
    const endpoint = findAllowedEndpoint(method, input.path);
    if (!endpoint)
      throw new ProxyError(404, 'ENDPOINT_NOT_ALLOWED', `${method} ${input.path} is not a v2 endpoint`);
    const profile = input.profile ?? this.resolveProfile(endpoint, input.profileId);
    if (WITHDRAWAL_ENDPOINTS.has(`${method} ${endpoint.path}`) && !profile?.allowWithdrawals) {
      throw new ProxyError(403, 'WITHDRAWALS_DISABLED', 'withdrawals are not enabled for this profile');
    }
    const upstream = this.upstreamFor(profile);
    const accountSeq = endpoint.accountScope === 'none' ? null : (accountSeqOf(input.params) ?? 1);
    const bucket = this.o.limiter.bucket({
      profileId: endpoint.auth === 'public' ? null : profile!.id,
      accountSeq: endpoint.auth === 'public' ? null : accountSeq,
      limitClass: endpoint.limitClass,
    });

    let clockRetried = false;
    let retries429 = 0;
    // idempotent reads are resent on a 5xx or a lost answer (korbit-cli internal/apiclient/retry.go);
    // the governor is made at the first failure (most reads never need it)
    let reads: RetryGovernor | null = null;
    const again = async (why: string): Promise<boolean> => {
      if (method !== 'GET') return false;
      reads ??= new RetryGovernor({ idempotent: true, budgetMs: this.o.readRetryBudgetMs ?? 700 });
      const d = reads.next('transient');
      if (d?.action !== 'wait') return false;
      this.o.log.info(`${why} on GET ${endpoint.path}: resending in ${d.waitMs} ms`);
      await (this.o.sleep ?? realSleep)(d.waitMs);
      return true;
    };
    for (;;) {
      try {
        if (!bucket.tryTake()) await bucket.acquire();
      } catch (e) {
        // The proxy's own 429 says when to come back, like the exchange's: Retry-After + rate-limit state.
        if (e instanceof ProxyError && e.code === 'QUEUE_FULL' && e.status === 429) {
          const st = bucket.state();
          throw new ProxyError(e.status, e.code, e.description, {
            'X-Ratelimit-Class': endpoint.limitClass,
            'X-Ratelimit-Limit': String(st.limit),
            'X-Ratelimit-Remaining': '0',
            'X-Ratelimit-Reset': String(Math.max(1, Math.ceil(st.resetMs / 1000))),
            'Retry-After': String(Math.max(1, Math.ceil(bucket.retryAfterMs() / 1000))),
          });
        }
        throw e;
      }
      let res: UpstreamResponse;
      try {
        res = await this.sendOnce(endpoint, profile, input.params, upstream);
      } catch (e) {
        if (isAmbiguousFailure(e) && (await again((e as ProxyError).code))) continue;
        throw e;
      }
      const rl = parseRatelimitHeader(res.headers.ratelimit);
      bucket.observe(rl.limit, rl.remaining, rl.reset);
      if (res.status >= 500 && res.status <= 599 && (await again(`HTTP ${res.status}`))) continue;
      const envelope =
        input.passThrough && res.status === 200 && looksLikeSuccess(res.text)
          ? SHAPED_SUCCESS
          : parseEnvelope(res.text, res.status);
      const headers: Record<string, string> = { 'X-Ratelimit-Class': endpoint.limitClass };
      const local = bucket.state();
      headers['X-Ratelimit-Limit'] = String(rl.limit ?? local.limit);
      headers['X-Ratelimit-Remaining'] = String(rl.remaining ?? local.remaining);
      headers['X-Ratelimit-Reset'] = String(rl.reset ?? Math.ceil(local.resetMs / 1000));

      if (res.status === 429) {
        const wait = parseRetryAfter(res.headers['retry-after']) ?? 1000;
        bucket.block(wait);
        headers['Retry-After'] = res.headers['retry-after'] ?? String(Math.ceil(wait / 1000));
        const maxRetries = this.o.max429Retries ?? 1;
        if (retries429 < maxRetries && wait <= (this.o.maxRetryAfterMs ?? 5000)) {
          retries429++;
          this.o.log.info(`429 on ${method} ${endpoint.path}: waiting ${wait} ms (Retry-After) and retrying`);
          continue; // a 429 was not processed upstream, so waiting and sending again is safe
        }
        return { status: res.status, envelope, text: res.text, headers };
      }
      if (
        endpoint.auth === 'private' &&
        envelopeErrorCode(envelope) === 'EXCEED_TIME_WINDOW' &&
        !clockRetried
      ) {
        clockRetried = true;
        try {
          await this.clock(upstream.restUrl).sync();
        } catch (e) {
          this.o.log.warn(`clock resync failed: ${(e as Error).message}`);
        }
        continue; // rejected by the time check, so not processed: one retry with the fresh offset
      }
      // what a signed call of a stored profile says about its key (proxy/health)
      const signedBy = endpoint.auth === 'private' && !input.profile ? profile?.id : undefined;
      this.o.health?.observeRest(signedBy, envelope.success, envelopeErrorCode(envelope));
      return { status: res.status, envelope, text: res.text, headers };
    }
  }

  private sendOnce(
    endpoint: EndpointInfo,
    profile: StoredProfile | undefined,
    params: Param[],
    upstream: Upstream,
  ): Promise<UpstreamResponse> {
    const base = {
      restUrl: upstream.restUrl,
      method: endpoint.method,
      path: endpoint.path,
      timeoutMs: this.o.timeoutMs,
    };
    if (endpoint.auth === 'public') {
      const query = encodeUnsigned(params);
      return this.o.client.send({ ...base, query: query || undefined });
    }
    const clock = this.clock(upstream.restUrl);
    // the first signed call waits for the first clock sync; later ones sign at once
    if (!clock.settled) return clock.ready.then(() => this.sendOnce(endpoint, profile, params, upstream));
    const p = profile!;
    const signed = signRequestParams(params, p, clock.now(), this.o.recvWindow);
    if (endpoint.method === 'POST') return this.o.client.send({ ...base, body: signed, apiKey: p.apiKey });
    return this.o.client.send({ ...base, query: signed, apiKey: p.apiKey });
  }

  close(): void {
    for (const c of this.clocks.values()) c.stop();
  }
}
