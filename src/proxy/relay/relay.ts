import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { envelopeErrorCode } from '../forward/envelope.js';
import type { Forwarder } from '../forward/forwarder.js';
import { ProfileHealth } from '../health/health.js';
import type { RequestUrl } from '../http/requestUrl.js';
import type { Keystore } from '../keystore/store.js';
import type { Logger } from '../log.js';
import { signRequestParams } from '../signer/sign.js';
import { RelayHub } from './hub.js';
import { launchedSymbols, type PairSource } from './pairList.js';
import { control } from './send.js';

export interface RelayOptions {
  keystore: Keystore;
  forwarder: Forwarder;
  log: Logger;
  backoff?: { baseMs: number; capMs: number; pingMs?: number };
  /** How often a private hub re-reads the launched pairs (default 10 minutes). */
  pairRefreshMs?: number;
  /** Per-profile key problems (shared with the forwarder); the relay reports refused handshakes. */
  health?: ProfileHealth;
}

/** Accepts browser sockets on /ws/public and /ws/private?profile=<id> (already guarded) and hands them to hubs. */
export class Relay {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  readonly hubs = new Map<string, RelayHub>();
  /** Told every private frame of a profile (set by the ledger; relaying does not depend on it). */
  onPrivateFrame: ((profileId: string, frame: Record<string, unknown>) => void) | null = null;
  readonly health: ProfileHealth;
  private readonly offHealth: () => void;

  constructor(private readonly o: RelayOptions) {
    this.health = o.health ?? new ProfileHealth();
    // every browser socket of a profile hears of its key problem, wherever it was seen
    this.offHealth = this.health.onChange((id, p) =>
      this.hubs.get(`private:${id}`)?.setKeyProblem(p ? { code: p.code, seen: p.seen } : null),
    );
  }

  /**
   * Tries a refused profile again (the user asked, or the default profile changed): its parked
   * private stream reconnects now; the problem is cleared once the exchange accepts the key, or
   * told again. Without a parked stream the recorded problem is cleared (the next call re-tells it).
   */
  retry(profileId: string): boolean {
    const hub = this.hubs.get(`private:${profileId}`);
    if (hub?.retry()) return true;
    this.health.clear(profileId);
    return false;
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: RequestUrl): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      try {
        this.attach(ws, url);
      } catch (e) {
        this.o.log.error(`relay: ${(e as Error).message}`);
        ws.close(1011, 'internal error');
      }
    });
  }

  private attach(ws: WebSocket, url: RequestUrl): void {
    if (url.pathname === '/ws/public') {
      this.hub('public', undefined).addClient(ws);
      return;
    }
    const requested = url.searchParams.get('profile') ?? undefined;
    const profile = this.o.keystore.resolve(requested);
    if (!profile) {
      control(ws, 'error', 'PROFILE_NOT_FOUND');
      ws.close(4404, 'PROFILE_NOT_FOUND');
      return;
    }
    this.hub('private', profile.id).addClient(ws);
  }

  private hub(kind: 'public' | 'private', profileId: string | undefined): RelayHub {
    const id = kind === 'public' ? 'public' : `private:${profileId}`;
    let hub = this.hubs.get(id);
    if (hub) return hub;
    const { forwarder, keystore } = this.o;
    const clockOf = () => forwarder.clock(forwarder.upstreamFor(keystore.get(profileId!)).restUrl);
    const target = async () => {
      if (kind === 'public') return { url: forwarder.upstreamFor(undefined).wsPublicUrl };
      const profile = keystore.get(profileId!);
      if (!profile) throw new Error('profile was removed');
      const upstream = forwarder.upstreamFor(profile);
      const clock = forwarder.clock(upstream.restUrl);
      await clock.ready;
      const query = signRequestParams([], profile, clock.now(), forwarder.recvWindow);
      return { url: `${upstream.wsPrivateUrl}?${query}`, headers: { 'X-KAPI-KEY': profile.apiKey } };
    };
    hub = new RelayHub(
      id,
      kind,
      target,
      this.o.log,
      () => this.hubs.delete(id),
      this.o.backoff,
      kind === 'private' ? this.pairSource(profileId!) : undefined,
      kind === 'private'
        ? {
            resyncClock: () => clockOf().sync(),
            onRefused: (r) => {
              if (!r.code) return;
              const again = this.health.get(profileId!)?.code === r.code;
              this.health.report(profileId!, r.code, 'stream'); // a new code is told through onChange
              if (again) hub?.setKeyProblem({ code: r.code, seen: 'stream' }); // a retry refused as before
            },
            onAccepted: () => this.health.clear(profileId!, 'stream'),
            onFrame: (f) => this.onPrivateFrame?.(profileId!, f),
            startParked: this.health.get(profileId!)?.seen === 'stream',
          }
        : {},
    );
    const known = kind === 'private' ? this.health.get(profileId!) : undefined;
    if (known) hub.setKeyProblem({ code: known.code, seen: known.seen });
    this.hubs.set(id, hub);
    return hub;
  }

  /** GET /v2/currencyPairs through the forwarder, from the profile's own upstream: the launched pairs. */
  private pairSource(profileId: string): PairSource {
    const fetch = async () => {
      const r = await this.o.forwarder.execute({
        method: 'GET',
        path: '/v2/currencyPairs',
        params: [],
        profileId,
      });
      if (!r.envelope.success) throw new Error(envelopeErrorCode(r.envelope) ?? `HTTP ${r.status}`);
      return launchedSymbols(r.envelope.data);
    };
    return { fetch, everyMs: this.o.pairRefreshMs };
  }

  /** The session token was rotated: every browser socket belonged to the old session, so each is told
   *  (SESSION_ENDED) and closed with 4401. The tab's reconnect is refused (401) and its session probe
   *  shows the end at once, instead of the sockets streaming on until the next REST call. */
  endSessions(): number {
    let n = 0;
    for (const ws of this.wss.clients) {
      control(ws, 'error', 'SESSION_ENDED');
      ws.close(4401, 'SESSION_ENDED');
      n++;
    }
    return n;
  }

  /** Closes the hubs of a profile (after it was removed or replaced). */
  dropProfile(profileId: string): void {
    // the key changed or is gone: what was refused before says nothing about it now
    this.health.clear(profileId);
    const id = `private:${profileId}`;
    this.hubs.get(id)?.close();
    this.hubs.delete(id);
  }

  close(): void {
    this.offHealth();
    for (const h of this.hubs.values()) h.close();
    this.hubs.clear();
    this.wss.close();
  }
}
