// From a definition to the exact orders the proxy would place, and the checks before arming.
import { gt, lte, mul } from '../decimal.js';
import type { ApiErrorInfo } from '../errors.js';
import {
  type OrderParamsInput,
  orderValue,
  orderValueError,
  type PairBounds,
  validateOrderParams,
} from '../orderRules.js';
import { isOnTick, type TickRange } from '../tick.js';
import { reaches, triggerLevel } from './trigger.js';
import type { CondDefinition, Leg, OrderSpec } from './types.js';

export interface PlannedOrder {
  role: 'entry' | 'resting' | 'leg';
  leg?: number;
  /** Price the trigger waits for (a trailing stop: the activation, or "follows the market"). */
  when: string | null;
  params: OrderParamsInput;
  /** Estimated value in the quote currency (a market sell at its trigger price). */
  value: string | null;
}

export interface ArmContext {
  pair: PairBounds & { tradingStatus?: string | null };
  policy: readonly TickRange[];
  last: string | null;
  /** Available balances (currency -> amount); omit to skip the balance check. */
  available?: Record<string, string>;
  base: string;
  quote: string;
  /** The key's facts; omit to skip the permission check. */
  key?: { permissions: readonly string[]; allowedAccountSeqs: readonly number[]; status?: string | null };
  accountSeq?: number;
}

const bad = (code: string, description: string): ApiErrorInfo => ({ status: 400, code, description });

export function specParams(symbol: string, o: OrderSpec): OrderParamsInput {
  const p: OrderParamsInput = { symbol, side: o.side, orderType: o.orderType };
  if (o.price !== undefined) p.price = o.price;
  if (o.qty !== undefined) p.qty = o.qty;
  if (o.amt !== undefined) p.amt = o.amt;
  if (o.orderType === 'market') p.timeInForce = 'ioc';
  return p;
}

function legWhen(leg: Leg): string | null {
  if (leg.kind === 'resting') return null;
  const t = leg.trigger;
  return t.type === 'cross' ? t.level : (t.activation ?? triggerLevel(t, undefined));
}

/** The orders a definition places, in order: entry or resting leg first, then the trigger legs. */
export function plannedOrders(def: CondDefinition, last: string | null): PlannedOrder[] {
  const out: PlannedOrder[] = [];
  if (def.entry) {
    const params = specParams(def.symbol, def.entry);
    out.push({
      role: 'entry',
      when: null,
      params,
      value: orderValue(params as never, def.entry.price ?? last),
    });
  }
  def.legs.forEach((leg, i) => {
    const o = def.entry && !leg.order.qty ? { ...leg.order, qty: def.entry.qty } : leg.order;
    const params = specParams(def.symbol, o);
    const when = legWhen(leg);
    out.push({
      role: leg.kind === 'resting' ? 'resting' : 'leg',
      leg: i,
      when,
      params,
      value: orderValue(params as never, o.price ?? when ?? last),
    });
  });
  return out;
}

function shapeError(def: CondDefinition): ApiErrorInfo | null {
  const n = def.legs.length;
  const triggers = def.legs.filter((l) => l.kind === 'trigger').length;
  if (def.onGap !== 'fire' && def.onGap !== 'cancel')
    return bad('BAD_REQUEST', 'onGap must be fire or cancel.');
  if (def.kind === 'oco') {
    if (n !== 2 || triggers < 1)
      return bad('BAD_REQUEST', 'An OCO has two legs, at least one of them a trigger.');
    const [a, b] = def.legs as [Leg, Leg];
    if (a.order.side !== b.order.side) return bad('BAD_REQUEST', 'Both OCO legs must be on the same side.');
    if (!a.order.qty || a.order.qty !== b.order.qty)
      return bad(
        'BAD_REQUEST',
        'Both OCO legs need the same qty (a market buy leg cannot be part of an OCO).',
      );
    for (const l of def.legs)
      if (l.kind === 'resting' && l.order.orderType !== 'limit')
        return bad('BAD_REQUEST', 'The resting leg of an OCO is a limit order.');
  } else if (def.kind === 'bracket') {
    if (!def.entry) return bad('BAD_REQUEST', 'A bracket needs an entry order.');
    if (n !== 2 || triggers !== 2) return bad('BAD_REQUEST', 'A bracket has a take-profit and a stop leg.');
    if (def.entry.orderType !== 'limit' || !def.entry.qty)
      return bad('BAD_REQUEST', 'A bracket entry is a limit order with a qty.');
    for (const l of def.legs) {
      if (l.order.side === def.entry.side)
        return bad('BAD_REQUEST', 'Bracket exits are on the other side of the entry.');
      if (l.order.orderType === 'market' && l.order.side === 'buy')
        return bad('BAD_REQUEST', 'A bracket exit buy must be a limit order (its qty is the filled qty).');
    }
  } else {
    if (n !== 1 || triggers !== 1)
      return bad('BAD_REQUEST', `A ${def.kind} order has exactly one trigger leg.`);
    const t = (def.legs[0] as Extract<Leg, { kind: 'trigger' }>).trigger;
    if ((def.kind === 'trailing') !== (t.type === 'trailing'))
      return bad('BAD_REQUEST', 'A trailing order needs a trailing trigger (and only it does).');
  }
  return null;
}

function triggerError(leg: Leg, ctx: ArmContext): ApiErrorInfo | null {
  if (leg.kind !== 'trigger') return null;
  const t = leg.trigger;
  if (t.type === 'cross') {
    if (!gt(t.level, '0')) return bad('BAD_REQUEST', 'The trigger price must be positive.');
    if (!isOnTick(ctx.policy, t.level))
      return bad('PRICE_TICK_SIZE_INVALID', `Trigger price ${t.level} is not on the tick size.`);
    if (ctx.last && reaches(t.direction, ctx.last, t.level))
      return bad(
        'TRIGGER_ALREADY_CROSSED',
        `The last price ${ctx.last} has already reached ${t.level}; it would fire at once.`,
      );
    return null;
  }
  const d = 'amount' in t.distance ? t.distance.amount : t.distance.percent;
  if (!gt(d, '0')) return bad('BAD_REQUEST', 'The trailing distance must be positive.');
  if ('percent' in t.distance && !lte(t.distance.percent, '50'))
    return bad('BAD_REQUEST', 'A trailing percent is at most 50.');
  if (t.activation !== undefined && !isOnTick(ctx.policy, t.activation))
    return bad('PRICE_TICK_SIZE_INVALID', `Activation price ${t.activation} is not on the tick size.`);
  return null;
}

/** What arming would lock up: the most any single execution path can spend, per currency. */
export function requiredBalance(
  def: CondDefinition,
  last: string | null,
  base: string,
  quote: string,
): { currency: string; amount: string } | null {
  const first = plannedOrders(def, last)[0];
  if (!first) return null;
  const p = first.params;
  if (p.side === 'sell') return p.qty ? { currency: base, amount: p.qty } : null;
  if (p.amt) return { currency: quote, amount: p.amt };
  return p.price && p.qty
    ? { currency: quote, amount: mul(p.price, p.qty) }
    : first.value
      ? { currency: quote, amount: first.value }
      : null;
}

/**
 * Everything checked before a conditional order is armed: its shape, every trigger (positive, on
 * the tick size, not already reached), every order it would place (the order form's own
 * `validateOrderParams`: required fields, tick size, min/max order value), the key's write
 * permission for the account, and the balance the first order would need.
 */
export function checkArm(def: CondDefinition, ctx: ArmContext): ApiErrorInfo | null {
  const shape = shapeError(def);
  if (shape) return shape;
  if (ctx.pair.tradingStatus && ctx.pair.tradingStatus !== 'launched')
    return bad('CURRENCY_PAIR_STOPPED', `${def.symbol} is not trading (${ctx.pair.tradingStatus}).`);
  for (const leg of def.legs) {
    const e = triggerError(leg, ctx);
    if (e) return e;
  }
  for (const o of plannedOrders(def, ctx.last)) {
    const r = validateOrderParams(o.params, ctx.pair, ctx.policy, o.when ?? ctx.last);
    if (!r.ok) return r.error;
    if (o.value) {
      const ve = orderValueError(ctx.pair, o.value);
      if (ve) return ve;
    }
  }
  if (ctx.key) {
    const seq = ctx.accountSeq ?? 1;
    if (ctx.key.status && ctx.key.status !== 'activated')
      return bad('KEY_DEACTIVATED', 'The API key is not active.');
    if (!ctx.key.permissions.includes('writeOrders'))
      return bad('PERMISSION_DENIED', 'The API key lacks the order permission (writeOrders).');
    if (!ctx.key.allowedAccountSeqs.includes(seq))
      return bad('ACCOUNT_SEQ_NOT_ALLOWED', `The API key may not trade for account ${seq}.`);
  }
  if (ctx.available) {
    const need = requiredBalance(def, ctx.last, ctx.base, ctx.quote);
    const have = need ? (ctx.available[need.currency] ?? '0') : '0';
    if (need && gt(need.amount, have))
      return bad('NO_BALANCE', `Needs ${need.amount} ${need.currency.toUpperCase()}, ${have} available.`);
  }
  return null;
}
