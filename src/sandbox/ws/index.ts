/**
 * Public (/v2/public) and private (/v2/private) WebSocket servers on the sandbox's HTTP server
 * (`ws` with noServer, routed from the server's 'upgrade' event).
 *
 * Private connections authenticate at the upgrade exactly like REST: X-KAPI-KEY header, and
 * timestamp / signature (/ recvWindow) in the query, verified by ctx.auth.verify over the received
 * query bytes. A failed handshake is answered with the REST error status and envelope instead of
 * the upgrade. Permissions are checked per channel at subscribe time.
 *
 * Note to the REST engineer: the stub's signature is kept; a third optional argument was added.
 */
import { type IncomingMessage, type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { upgradeProblem } from '../../core/rawHttpError.js';
import { remoteIp, type SandboxContext } from '../context.js';
import type { WsAction } from '../faults/index.js';
import { Conn } from './conn.js';
import { type PrivateConn, PrivateHub } from './privateHub.js';
import { parseMessage } from './protocol.js';
import { PublicHub } from './publicHub.js';
import { privateRefusal } from './refusal.js';

export interface AttachOptions {
  /** Protocol ping interval (default 30 s; env SANDBOX_WS_PING_MS overrides). */
  pingIntervalMs?: number;
}

export interface WsStats {
  publicConnections: number;
  privateConnections: number;
  publicSubscriptions: number;
  publicFrames: number;
  privateFrames: number;
}

const MAX_PAYLOAD = 64 * 1024;
const MAX_MESSAGES_PER_SECOND = 200;

function reject(socket: Duplex, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  const reason = STATUS_CODES[status] ?? 'Error';
  try {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  } finally {
    socket.destroy();
  }
}

export function attachWebSocket(
  server: Server,
  ctx: SandboxContext,
  opts: AttachOptions = {},
): { close(): Promise<void>; stats(): WsStats } {
  const log = ctx.options.log;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD, perMessageDeflate: false });
  wss.on('error', (err) => log(`ws: server error ${err.message}`));
  const publicHub = new PublicHub(ctx);
  const privateHub = new PrivateHub(ctx);
  const conns = new Set<Conn>();
  const privates = new Map<Conn, PrivateConn>();

  const onTrade = (e: { symbol: string; trade: Parameters<PublicHub['onTrade']>[1] }) =>
    publicHub.onTrade(e.symbol, e.trade);
  const onBook = (e: { symbol: string }) => publicHub.onBook(e.symbol);
  const onMarket = (e: { symbol: string }) => publicHub.onBook(e.symbol);
  const onOrder = (e: { userId: number; accountSeq: number; order: Parameters<PrivateHub['onOrder']>[2] }) =>
    privateHub.onOrder(e.userId, e.accountSeq, e.order);
  const onMyTrade = (e: {
    userId: number;
    accountSeq: number;
    trade: Parameters<PrivateHub['onMyTrade']>[2];
  }) => privateHub.onMyTrade(e.userId, e.accountSeq, e.trade);
  const onAsset = (e: { userId: number; accountSeq: number; assets: Parameters<PrivateHub['onAsset']>[2] }) =>
    privateHub.onAsset(e.userId, e.accountSeq, e.assets);
  ctx.bus.on('trade', onTrade);
  ctx.bus.on('book', onBook);
  ctx.bus.on('market', onMarket);
  ctx.bus.on('order', onOrder);
  ctx.bus.on('myTrade', onMyTrade);
  ctx.bus.on('asset', onAsset);

  const offWs = ctx.faults.onWsAction((a: WsAction) => {
    for (const c of conns) {
      if (a.target !== 'all' && a.target !== c.kind) continue;
      if (a.action === 'drop') c.terminate();
      else c.stall(a.ms);
    }
  });

  function setup(ws: WebSocket, kind: 'public' | 'private', pc?: Omit<PrivateConn, 'conn'>): void {
    const conn = new Conn(ws, kind, ctx.faults, log, () => ctx.store.commitTurn());
    conns.add(conn);
    let privateConn: PrivateConn | undefined;
    if (pc) {
      privateConn = { ...pc, conn };
      privates.set(conn, privateConn);
      privateHub.add(privateConn);
    }
    let windowStart = Date.now();
    let inWindow = 0;
    ws.on('pong', () => {
      conn.alive = true;
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      conn.closed = true;
      conns.delete(conn);
      publicHub.remove(conn);
      if (privateConn) {
        privateHub.remove(privateConn);
        privates.delete(conn);
      }
    });
    ws.on('message', (data, isBinary) => {
      try {
        const now = Date.now();
        if (now - windowStart >= 1000) {
          windowStart = now;
          inWindow = 0;
        }
        if (++inWindow > MAX_MESSAGES_PER_SECOND) {
          if (inWindow === MAX_MESSAGES_PER_SECOND + 1) {
            conn.sendControl({ status: 'fail', code: 'TOO_MANY_REQUESTS', message: 'too many messages' });
          }
          return;
        }
        const text =
          isBinary || !Buffer.isBuffer(data)
            ? Buffer.from(data as Buffer).toString('utf8')
            : data.toString('utf8');
        const parsed = parseMessage(text);
        if (!parsed.ok) {
          conn.sendControl(parsed.fail);
          return;
        }
        for (const r of parsed.items) {
          if (!r.ok) {
            conn.sendControl(r.fail);
            continue;
          }
          if (privateConn) privateHub.handle(privateConn, r.item);
          else publicHub.handle(conn, r.item);
        }
      } catch (err) {
        log(`ws: message handling failed: ${(err as Error).message}`);
        conn.sendControl({ status: 'fail', code: 'INTERNAL_ERROR', message: 'internal error' });
      }
    });
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => {});
    try {
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const path = q < 0 ? url : url.slice(0, q);
      const rawQuery = q < 0 ? '' : url.slice(q + 1);
      // a malformed upgrade gets the JSON envelope, not the WebSocket library's bare text answer
      const bad = path === '/v2/public' || path === '/v2/private' ? upgradeProblem(req) : null;
      if (bad) {
        reject(socket, bad.status, {
          success: false,
          error: { code: bad.status, message: bad.code, description: bad.description },
        });
        return;
      }
      if (path === '/v2/public') {
        wss.handleUpgrade(req, socket, head, (ws) => setup(ws, 'public'));
        return;
      }
      if (path === '/v2/private') {
        const forced = privateRefusal(ctx.faults).onAttempt();
        if (forced) {
          log(`ws: private handshake refused by the admin switch: ${forced.code}`);
          reject(socket, forced.status, {
            success: false,
            error: { code: forced.status, message: forced.code },
          });
          return;
        }
        const apiKey = req.headers['x-kapi-key'];
        const res = ctx.auth.verify({
          apiKey: Array.isArray(apiKey) ? apiKey[0] : apiKey,
          rawQuery,
          rawBody: '',
          ip: remoteIp(req),
        });
        if (!res.ok) {
          const e = res.error;
          log(`ws: private handshake refused: ${e.code}`);
          reject(socket, e.status, {
            success: false,
            error: {
              code: e.status,
              message: e.code,
              ...(e.description ? { description: e.description } : {}),
            },
          });
          return;
        }
        const { key, userId } = res.value;
        wss.handleUpgrade(req, socket, head, (ws) => setup(ws, 'private', { userId, key, subs: new Map() }));
        return;
      }
      reject(socket, 404, { success: false, error: { code: 404, message: 'NOT_FOUND' } });
    } catch (err) {
      log(`ws: upgrade failed: ${(err as Error).message}`);
      reject(socket, 400, { success: false, error: { code: 400, message: 'BAD_REQUEST' } });
    }
  };
  server.on('upgrade', onUpgrade);

  const envPing = Number(process.env.SANDBOX_WS_PING_MS);
  const pingMs = opts.pingIntervalMs ?? (Number.isFinite(envPing) && envPing > 0 ? envPing : 30_000);
  const pinger = setInterval(() => {
    // Key changes reach open private streams within one ping interval: a deactivated, expired or
    // deleted key closes the stream (1008); permission changes apply to later subscriptions.
    for (const pc of privates.values()) {
      try {
        const k = ctx.auth.lookupKey(pc.key.apiKey);
        if (k?.status !== 'activated' || k.expiration <= ctx.now()) {
          log('ws: private stream closed: its key is no longer active');
          pc.conn.close(1008, 'key no longer active');
        } else pc.key = k;
      } catch (err) {
        log(`ws: key re-check failed: ${(err as Error).message}`);
      }
    }
    for (const c of conns) {
      if (c.isStalled()) continue; // a stalled server sends no pings either
      if (!c.alive) {
        log(`ws: ${c.kind} client missed a pong; terminating`);
        c.terminate();
        continue;
      }
      c.alive = false;
      try {
        c.ws.ping();
      } catch {
        c.terminate();
      }
    }
  }, pingMs);
  pinger.unref();

  return {
    stats: () => ({
      publicConnections: [...conns].filter((c) => c.kind === 'public').length,
      privateConnections: privates.size,
      publicSubscriptions: publicHub.subscriptionCount(),
      publicFrames: publicHub.frames,
      privateFrames: privateHub.frames,
    }),
    async close() {
      server.off('upgrade', onUpgrade);
      clearInterval(pinger);
      offWs();
      publicHub.close();
      ctx.bus.off('trade', onTrade);
      ctx.bus.off('book', onBook);
      ctx.bus.off('market', onMarket);
      ctx.bus.off('order', onOrder);
      ctx.bus.off('myTrade', onMyTrade);
      ctx.bus.off('asset', onAsset);
      for (const c of conns) c.terminate();
      conns.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
