import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { envelopeErrorCode } from '../forward/envelope.js';
import type { Forwarder } from '../forward/forwarder.js';
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
}

/** Accepts browser sockets on /ws/public and /ws/private?profile=<id> (already guarded) and hands them to hubs. */
export class Relay {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  readonly hubs = new Map<string, RelayHub>();

  constructor(private readonly o: RelayOptions) {}

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      try {
        this.attach(ws, url);
      } catch (e) {
        this.o.log.error(`relay: ${(e as Error).message}`);
        ws.close(1011, 'internal error');
      }
    });
  }

  private attach(ws: WebSocket, url: URL): void {
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
    );
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
    const id = `private:${profileId}`;
    this.hubs.get(id)?.close();
    this.hubs.delete(id);
  }

  close(): void {
    for (const h of this.hubs.values()) h.close();
    this.hubs.clear();
    this.wss.close();
  }
}
