// Placing and following the exchange orders of conditional orders: fired legs, bracket entries,
// OCO resting legs. Every step is repeatable: derived clientOrderIds and compare-and-set transitions.
import { derivedClientOrderId } from '../../core/clientOrderId.js';
import { exitLegs, firedOrder, orderProgress } from '../../core/conditional/machine.js';
import { specParams } from '../../core/conditional/plan.js';
import { isDecimalString, isPositive } from '../../core/decimal.js';
import type { Param } from '../../core/encode.js';
import { ProxyError } from '../errors.js';
import { envelopeErrorCode } from '../forward/envelope.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { Logger } from '../log.js';
import type { Journal } from '../orders/journal.js';
import { cancelOrder, getOrder, type Scope } from '../orders/orderCalls.js';
import type { OrderPlacer } from '../orders/placer.js';
import type { Conditional, ConditionalStore } from './store.js';

export interface FiringDeps {
  store: ConditionalStore;
  placer: OrderPlacer;
  journal: Journal;
  forwarder: Forwarder;
  log: Logger;
  latestTradeId(symbol: string): number | undefined;
  closed(): boolean;
}

const scopeOf = (c: Conditional): Scope => ({
  profileId: c.profileId,
  accountSeq: c.accountSeq,
  symbol: c.def.symbol,
});

export class Firing {
  private readonly busy = new Set<string>();

  constructor(private readonly d: FiringDeps) {}

  async cancelPartner(c: Conditional): Promise<void> {
    const id = c.rt.restingOrderId ?? (c.status === 'entryOpen' ? c.rt.entryOrderId : undefined);
    if (id === undefined) return;
    const r = await cancelOrder(this.d.forwarder, scopeOf(c), id);
    if (!r.ok) this.d.log.warn(`conditional ${c.id}: cancel of order ${id} failed: ${r.code}`);
  }

  /** An entry or resting order placed after its conditional was canceled: take it back off the book. */
  private async cancelStray(c: Conditional, orderId: number | string): Promise<void> {
    const r = await cancelOrder(this.d.forwarder, scopeOf(c), orderId);
    this.d.log.warn(
      `conditional ${c.id}: canceled while order ${orderId} was being placed; cancel ${r.ok ? 'sent' : `failed: ${r.code}`}`,
    );
  }

  private async once(id: string, job: () => Promise<void>): Promise<void> {
    if (this.busy.has(id) || this.d.closed()) return;
    this.busy.add(id);
    try {
      await job();
    } catch (e) {
      this.d.log.error(`conditional ${id}: ${(e as Error).stack ?? e}`);
    } finally {
      this.busy.delete(id);
    }
  }

  /** Places the order of a triggered leg (after canceling a resting partner). Safe to repeat. */
  execute(id: string): Promise<void> {
    return this.once(id, async () => {
      const c = this.d.store.get(id);
      if (c?.status !== 'triggered' || !c.rt.fired || !c.rt.clientOrderId) return;
      const leg = c.rt.legs[c.rt.fired.leg]!;
      let partnerFilled = c.rt.restingFilled ?? '0';
      if (c.rt.restingOrderId !== undefined) {
        const canceled = await cancelOrder(this.d.forwarder, scopeOf(c), c.rt.restingOrderId);
        if (!canceled.ok)
          return this.d.log.warn(
            `conditional ${id}: resting leg cancel failed (${canceled.code}); will retry`,
          );
        // the cancel path read the order back already; read again only when it could not
        const read = canceled.value
          ? { ok: true as const, value: canceled.value }
          : await getOrder(this.d.forwarder, scopeOf(c), c.rt.restingOrderId);
        if (!read.ok)
          return this.d.log.warn(`conditional ${id}: resting leg read failed (${read.code}); will retry`);
        const p = orderProgress(read.value);
        if (p.progress === 'open') return; // the cancel has not landed yet
        partnerFilled = p.filledQty;
      }
      const spec = firedOrder(leg, partnerFilled);
      if (!spec) {
        this.d.store.transition(id, 'triggered', 'completed', { ...c.rt, restingFilled: partnerFilled });
        return;
      }
      const known = this.d.journal.get(c.rt.clientOrderId);
      if (known?.state === 'placed' && known.orderId !== undefined) {
        this.d.store.transition(id, 'triggered', 'placed', { ...c.rt, orderId: known.orderId });
        return;
      }
      if (known?.state === 'failed' && known.error !== 'NOT_PLACED') {
        this.fail(c, 'triggered', known.error ?? 'FAILED', 'the exchange refused the order');
        return;
      }
      await this.placeOrder(c, spec, c.rt.clientOrderId, (orderId) =>
        this.d.store.transition(id, 'triggered', 'placed', {
          ...c.rt,
          restingFilled: partnerFilled,
          orderId,
        }),
      );
    });
  }

  private async placeOrder(
    c: Conditional,
    spec: NonNullable<ReturnType<typeof firedOrder>>,
    clientOrderId: string,
    onPlaced: (orderId: number | string) => void,
  ): Promise<void> {
    const p = specParams(c.def.symbol, spec);
    const params: Param[] = Object.entries(p).map(([k, v]) => [k, String(v)]);
    if (c.accountSeq !== null) params.push(['accountSeq', String(c.accountSeq)]);
    params.push(['clientOrderId', clientOrderId]);
    try {
      const res = await this.d.placer.place(c.profileId, params);
      const orderId = (res.envelope.data as { orderId?: number | string } | undefined)?.orderId;
      if (res.envelope.success && orderId !== undefined) {
        onPlaced(orderId);
        this.d.log.info(`conditional ${c.id}: placed order ${orderId} (${clientOrderId})`);
        return;
      }
      const code = envelopeErrorCode(res.envelope) ?? `HTTP_${res.status}`;
      const desc = (res.envelope as { error?: { description?: string } }).error?.description;
      this.fail(c, c.status, code, desc ?? 'the exchange refused the order');
    } catch (e) {
      if (e instanceof ProxyError && e.code === 'ORDER_STATE_UNKNOWN') {
        this.d.log.warn(`conditional ${c.id}: order ${clientOrderId} state unknown; will look again`);
        return;
      }
      const code = e instanceof ProxyError ? e.code : 'INTERNAL_ERROR';
      this.fail(c, c.status, code, e instanceof ProxyError ? (e.description ?? code) : String(e));
    }
  }

  private fail(c: Conditional, from: Conditional['status'], code: string, message: string): void {
    if (this.d.store.transition(c.id, from, 'failed', { ...c.rt, error: { code, message } }))
      this.d.log.warn(`conditional ${c.id}: failed ${code}`);
  }

  /** Places a bracket's entry or an OCO's resting leg (derived clientOrderId: a repeat finds the same order). */
  setup(id: string): Promise<void> {
    return this.once(id, async () => {
      const c = this.d.store.get(id);
      if (c?.status !== 'arming') return;
      if (c.def.entry) {
        await this.placeOrder(c, c.def.entry, derivedClientOrderId(id, 'entry'), (orderId) => {
          if (!this.d.store.transition(id, 'arming', 'entryOpen', { ...c.rt, entryOrderId: orderId }))
            void this.cancelStray(c, orderId);
        });
        return;
      }
      const resting = c.def.legs.find((l) => l.kind === 'resting');
      if (!resting) {
        this.d.store.transition(id, 'arming', 'armed', c.rt);
        return;
      }
      await this.placeOrder(c, resting.order, derivedClientOrderId(id, 'resting'), (orderId) => {
        if (!this.d.store.transition(id, 'arming', 'armed', { ...c.rt, restingOrderId: orderId }))
          void this.cancelStray(c, orderId);
      });
    });
  }

  /** Follows exchange orders the engine depends on: a bracket's entry, an OCO's resting leg. */
  follow(id: string): Promise<void> {
    return this.once(id, async () => {
      const c = this.d.store.get(id);
      if (!c) return;
      if (c.status === 'entryOpen' && c.rt.entryOrderId !== undefined) {
        const r = await getOrder(this.d.forwarder, scopeOf(c), c.rt.entryOrderId);
        if (!r.ok) return;
        const p = orderProgress(r.value);
        if (p.progress === 'open') return;
        if (p.progress === 'closed' && !(isDecimalString(p.filledQty) && isPositive(p.filledQty))) {
          this.d.store.transition(id, 'entryOpen', 'canceled', {
            ...c.rt,
            error: {
              code: 'ENTRY_CLOSED',
              message: `entry order ${c.rt.entryOrderId} closed unfilled (${r.value.status})`,
            },
          });
          return;
        }
        const after = this.d.latestTradeId(c.def.symbol) ?? c.rt.watch.afterTradeId;
        this.d.store.transition(id, 'entryOpen', 'armed', {
          ...c.rt,
          legs: exitLegs(c.def, p.filledQty),
          watch: { afterTradeId: after, afterAt: Date.now(), trail: [] },
        });
        this.d.log.info(`conditional ${id}: entry filled ${p.filledQty}; exits armed as OCO`);
        return;
      }
      if (c.status === 'armed' && c.rt.restingOrderId !== undefined) {
        const r = await getOrder(this.d.forwarder, scopeOf(c), c.rt.restingOrderId);
        if (!r.ok) return;
        const p = orderProgress(r.value);
        if (p.progress === 'open') {
          if (p.filledQty !== (c.rt.restingFilled ?? '0'))
            this.d.store.saveRuntime(id, 'armed', { ...c.rt, restingFilled: p.filledQty });
          return;
        }
        const rt = { ...c.rt, restingFilled: p.filledQty };
        if (p.progress === 'filled') this.d.store.transition(id, 'armed', 'completed', rt);
        else
          this.d.store.transition(id, 'armed', 'canceled', {
            ...rt,
            error: {
              code: 'RESTING_LEG_CLOSED',
              message: `resting order ${c.rt.restingOrderId} was ${r.value.status} on the exchange`,
            },
          });
      }
    });
  }
}
