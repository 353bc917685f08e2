// Private channels on a hub: one upstream subscription per channel with the union of every browser's
// accounts (a subscribe may replace the channel's accounts, as the sandbox does, so adding account 2 for
// one tab must not drop account 1 of another), always with explicit accountSeqs, and every launched pair.
import type { PendingAck } from './acks.js';
import { type PrivatePlan, type PrivateWireState, privateBody } from './privateUpstream.js';
import type { ChannelKey } from './subscriptions.js';
import type { SubscriptionTable } from './subscriptionTable.js';

export class PrivateChannelSync {
  constructor(
    private readonly wire: PrivateWireState,
    private readonly table: SubscriptionTable,
    private readonly pending: Map<number, PendingAck>,
    private readonly nextId: () => number,
    private readonly sendUpstream: (body: Record<string, unknown>) => void,
  ) {}

  /** The smallest request that brings a channel to what its browsers want (null: nothing to ask). */
  plan(type: string): PrivatePlan {
    return this.wire.plan(type, this.table.keys());
  }

  send(type: string, plan: NonNullable<PrivatePlan>, pending?: PendingAck): void {
    const requestId = this.nextId();
    if (plan.method === 'subscribe') this.pending.set(requestId, { keys: [], ...pending, type });
    this.wire.commit(type, plan);
    this.sendUpstream(privateBody(plan.method, type, plan.wire, requestId));
  }

  /**
   * Brings every private channel in use to what its browsers want. After a reconnect a refusal forgets
   * the channel's subscriptions and tells its browsers; after a new pair list it is only logged (the
   * previous subscription may well still stream).
   */
  sync(after: 'open' | 'pairs'): void {
    const keys = this.table.keys();
    for (const type of new Set(keys.map((k) => k.type))) {
      const plan = this.plan(type);
      const own = after === 'open' ? keys.filter((k) => k.type === type) : [];
      if (plan) this.send(type, plan, { keys: own });
    }
  }

  /** Channels some keys of which no browser wants any more (the connection is open). */
  gone(gone: ChannelKey[]): void {
    for (const type of new Set(gone.map((k) => k.type))) {
      const plan = this.plan(type);
      if (plan) this.send(type, plan);
    }
  }
}
