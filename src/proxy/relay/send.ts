import WebSocket from 'ws';
import { describeCode } from '../../core/errors.js';
import type { ProxyControlFrame } from '../../core/proxyApi/frames.js';
import type { KeyProblem } from '../../core/proxyApi/session.js';

/** Above this many buffered bytes a browser socket is closed rather than fed a gapped stream. */
const MAX_BUFFERED = 8 * 1024 * 1024;

export function sendRaw(ws: WebSocket, text: string): void {
  if (ws.readyState !== WebSocket.OPEN) return;
  if (ws.bufferedAmount > MAX_BUFFERED) {
    // a browser that cannot keep up is closed rather than fed a gapped stream; it resyncs on reconnect
    ws.close(1013, 'too slow');
    return;
  }
  ws.send(text);
}

export function send(ws: WebSocket, obj: unknown): void {
  sendRaw(ws, JSON.stringify(obj));
}

export function ack(ws: WebSocket, requestId: number | string | undefined): void {
  if (requestId !== undefined) send(ws, { status: 'success', requestId });
}

function sendControl(ws: WebSocket, frame: ProxyControlFrame): void {
  send(ws, frame);
}

export function control(ws: WebSocket, event: 'interrupted' | 'resumed' | 'error', reason?: string): void {
  sendControl(ws, { type: 'proxy', event, ...(reason ? { reason } : {}) });
}

/**
 * The profile's key is refused by the exchange (`code`, e.g. KEY_EXPIRED): the private stream stops
 * retrying until the key changes or a retry is asked. `null` says the problem is gone.
 */
export function keyProblemFrame(ws: WebSocket, p: KeyProblemNote | null): void {
  if (p === null) sendControl(ws, { type: 'proxy', event: 'keyOk' });
  else
    sendControl(ws, {
      type: 'proxy',
      event: 'keyProblem',
      code: p.code,
      description: describeCode(p.code),
      seen: p.seen,
    });
}

/** A key problem as told to browsers: its code and where the proxy saw it. */
export type KeyProblemNote = Pick<KeyProblem, 'code' | 'seen'>;
