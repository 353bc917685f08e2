// Order amendment as cancel-then-place, done safely: read the order, cancel it through the proxy's one
// cancel path (orders/cancel.ts: resent on TRY_AGAIN, 5xx and transport failures, then confirmed by
// reading the order until the exchange reports it closed), shrink the replacement by any fill in between,
// then place the replacement through the order journal (OrderPlacer). Every step is stored before the next
// request goes out; the browser gets one amendment record with its outcome.
import { randomUUID } from 'node:crypto';
import { newClientOrderId } from '../../core/clientOrderId.js';
import { gt, sub } from '../../core/decimal.js';
import type { Param } from '../../core/encode.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { Logger } from '../log.js';
import { OrderCanceler } from '../orders/cancel.js';
import { type ExchangeOrder, getOrder, type Scope } from '../orders/orderCalls.js';
import type { OrderPlacer } from '../orders/placer.js';
import { amendRefusal, replacementQty, replacementTif, type SeenOrder } from './plan.js';
import type { Amendment, AmendStore } from './store.js';

export interface AmendRequest {
  profileId?: string;
  accountSeq: number | null;
  symbol: string;
  orderId: string;
  price?: string;
  /** New unfilled quantity; default: the unfilled quantity the user saw. */
  qty?: string;
  /** Filled quantity as the user saw it when deciding (default: as read here). */
  seenFilledQty?: string;
}

export interface AmenderOptions {
  /** Pause between reads while confirming the cancel (order reads lag upstream). */
  confirmDelayMs?: number;
  confirmTries?: number;
}

type FullOrder = ExchangeOrder & SeenOrder;

export class AmendRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class Amender {
  private readonly busy = new Set<string>();
  private readonly canceler: OrderCanceler;

  constructor(
    private readonly forwarder: Forwarder,
    private readonly placer: OrderPlacer,
    private readonly store: AmendStore,
    private readonly log: Logger,
    o: AmenderOptions = {},
  ) {
    this.canceler = new OrderCanceler(forwarder, {
      log,
      confirmTries: o.confirmTries ?? 20,
      confirmDelayMs: o.confirmDelayMs ?? 250,
    });
  }

  async amend(req: AmendRequest): Promise<Amendment> {
    const profile = this.forwarder.resolveProfile(
      {
        method: 'DELETE',
        path: '/v2/orders',
        auth: 'private',
        limitClass: 'cancel',
        accountScope: 'account',
      },
      req.profileId,
    );
    if (!profile) throw new AmendRefused(404, 'PROFILE_NOT_FOUND', 'No key profile with that id.');
    const key = `${profile.id}:${req.accountSeq ?? 1}:${req.orderId}`;
    if (this.busy.has(key))
      throw new AmendRefused(409, 'AMEND_IN_PROGRESS', 'This order is already being amended.');
    this.busy.add(key);
    try {
      return await this.run({ profileId: profile.id, accountSeq: req.accountSeq, symbol: req.symbol }, req);
    } finally {
      this.busy.delete(key);
    }
  }

  recent(limit?: number): Amendment[] {
    return this.store.recent(limit);
  }

  private async run(scope: Scope, req: AmendRequest): Promise<Amendment> {
    const read = await getOrder(this.forwarder, scope, req.orderId);
    if (!read.ok) throw new AmendRefused(400, read.code, read.message);
    const order = read.value as FullOrder;
    const refusal = amendRefusal(order, { price: req.price, qty: req.qty });
    if (refusal) throw new AmendRefused(400, refusal.code, refusal.message);
    const seenFilled = req.seenFilledQty ?? order.filledQty ?? '0';
    const remaining = sub(order.qty!, seenFilled);
    const price = req.price ?? order.price!;
    const wanted = req.qty ?? remaining;

    let a = this.store.save({
      id: randomUUID(),
      profileId: scope.profileId,
      accountSeq: scope.accountSeq,
      symbol: scope.symbol,
      orderId: String(req.orderId),
      side: order.side,
      from: { price: order.price!, remaining },
      to: { price, qty: wanted },
      state: 'canceling',
      createdAt: Date.now(),
      updatedAt: Date.now(),
    });

    const cancel = await this.canceler.cancel({ ...scope, orderId: req.orderId });
    const refused = cancel.outcome === 'open' && !cancel.accepted;
    if (refused || (cancel.outcome === 'gone' && !cancel.order)) {
      const code = cancel.code ?? 'CANCEL_OUTCOME_UNKNOWN';
      const told = (cancel.answer?.envelope.error as { description?: string } | undefined)?.description;
      return this.store.save({
        ...a,
        state: 'failed',
        outcome: 'cancel-failed',
        error: { code, message: `The cancel was refused; the order stays as it was. ${told ?? code}` },
      });
    }
    a = this.store.save({ ...a, state: 'confirming' });

    const settled = cancel.outcome !== 'open' && cancel.outcome !== 'unknown';
    const closed = settled && cancel.order ? (cancel.order as unknown as FullOrder) : null;
    if (!closed) {
      return this.store.save({
        ...a,
        state: 'failed',
        outcome: 'unconfirmed',
        error: {
          code: 'CANCEL_UNCONFIRMED',
          message:
            'The exchange did not confirm the cancel in time, so no replacement was sent. Check the order.',
        },
      });
    }
    const finalFilled = closed.filledQty ?? seenFilled;
    const filledBetween = gt(finalFilled, seenFilled) ? sub(finalFilled, seenFilled) : '0';
    const qty = replacementQty({ wantedRemaining: wanted, seenFilled, finalFilled });
    if (!qty) {
      return this.store.save({ ...a, state: 'done', outcome: 'filled', filledBetween });
    }

    const coid = newClientOrderId('kp');
    a = this.store.save({
      ...a,
      state: 'placing',
      to: { price, qty },
      filledBetween,
      newClientOrderId: coid,
    });
    const params: Param[] = [
      ['symbol', scope.symbol],
      ['side', order.side],
      ['orderType', 'limit'],
      ['price', price],
      ['qty', qty],
      ['timeInForce', replacementTif(order.timeInForce)],
      ['clientOrderId', coid],
    ];
    if (scope.accountSeq !== null) params.push(['accountSeq', String(scope.accountSeq)]);
    try {
      const res = await this.placer.place(scope.profileId, params);
      const env = res.envelope as {
        success: boolean;
        data?: { orderId?: number | string };
        error?: { message?: string; description?: string };
      };
      if (env.success && env.data?.orderId !== undefined) {
        return this.store.save({ ...a, state: 'done', outcome: 'amended', newOrderId: env.data.orderId });
      }
      const code = env.error?.message ?? `HTTP_${res.status}`;
      return this.store.save({
        ...a,
        state: 'failed',
        outcome: 'replace-failed',
        error: {
          code,
          message: `The order was canceled but the replacement was refused. ${env.error?.description ?? code}`,
        },
      });
    } catch (e) {
      const err = e as { code?: string; description?: string; message?: string };
      this.log.warn(`amendment ${a.id}: replacement failed: ${err.code ?? 'ERROR'}`);
      return this.store.save({
        ...a,
        state: 'failed',
        outcome: 'replace-failed',
        error: {
          code: err.code ?? 'INTERNAL_ERROR',
          message:
            `The order was canceled but the replacement did not go through. ${err.description ?? err.message ?? ''}`.trim(),
        },
      });
    }
  }
}
