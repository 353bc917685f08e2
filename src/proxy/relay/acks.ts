// Upstream acks on a hub: a success acks the browser that asked; a refusal forgets the channel's
// subscriptions, tells the other browsers that wanted them, and hands the refusal to the one that asked
// under its own requestId.
import type WebSocket from 'ws';
import type { PrivateWireState } from './privateUpstream.js';
import { ack, control, send } from './send.js';
import type { ChannelKey } from './subscriptions.js';
import type { SubscriptionTable } from './subscriptionTable.js';

export interface PendingAck {
  client?: WebSocket;
  requestId?: number | string;
  keys: ChannelKey[];
  /** The private channel the request was for. */
  type?: string;
}

export function settleAck(
  o: Record<string, unknown>,
  pending: Map<number, PendingAck>,
  table: SubscriptionTable,
  wire: PrivateWireState,
  warn: (line: string) => void,
): void {
  const id = typeof o.requestId === 'number' ? o.requestId : undefined;
  const p = id !== undefined ? pending.get(id) : undefined;
  if (!p) {
    if (o.status !== 'success') warn(`upstream answered ${String(o.message ?? o.code)}`);
    return;
  }
  pending.delete(id!);
  if (o.status === 'success') {
    if (p.client) ack(p.client, p.requestId);
    return;
  }
  // refused upstream: forget the channels and tell their browsers
  warn(`upstream refused ${p.type ?? 'a subscription'}: ${String(o.code ?? o.message)}`);
  if (p.type) wire.forget(p.type);
  for (const ck of p.keys) {
    const clients = table.forget(ck.key);
    for (const c of clients ?? []) {
      if (c === p.client) continue;
      control(c, 'error', `subscription ${ck.key} refused: ${String(o.code ?? o.message ?? 'fail')}`);
    }
  }
  if (p.client) {
    const { requestId: _drop, ...rest } = o;
    send(p.client, { ...rest, ...(p.requestId !== undefined ? { requestId: p.requestId } : {}) });
  }
}
