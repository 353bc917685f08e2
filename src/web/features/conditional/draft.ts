// The conditional ticket's form state turned into a definition the proxy understands (pure).

import type { CondDefinition, CondKind, GapPolicy, Leg, OrderSpec } from '../../../core/conditional/types.js';
import { parseDecimal } from '../../../core/decimal.js';
import type { Side } from '../../../core/orderRules.js';

export interface CondForm {
  kind: CondKind;
  side: Side;
  /** stop / take-profit level; the stop level of an OCO or a bracket. */
  trigger: string;
  orderType: 'market' | 'limit';
  /** Limit price of the placed order (stop-limit, take-profit limit). */
  limitPrice: string;
  qty: string;
  /** Market buys are sized in the quote currency. */
  amt: string;
  trailMode: 'amount' | 'percent';
  trailValue: string;
  activation: string;
  /** OCO: the resting limit's price; bracket: the take-profit level (a limit at that price). */
  target: string;
  /** Bracket: the entry limit price. */
  entryPrice: string;
  onGap: GapPolicy;
}

export const EMPTY_FORM: CondForm = {
  kind: 'stop',
  side: 'sell',
  trigger: '',
  orderType: 'market',
  limitPrice: '',
  qty: '',
  amt: '',
  trailMode: 'percent',
  trailValue: '',
  activation: '',
  target: '',
  entryPrice: '',
  onGap: 'fire',
};

export type DraftResult = { ok: true; def: CondDefinition } | { ok: false; field: keyof CondForm };

const num = (s: string) => {
  const r = parseDecimal(s.replaceAll(',', '').trim(), { allowZero: false });
  return r.ok ? r.value : null;
};
const other = (s: Side): Side => (s === 'buy' ? 'sell' : 'buy');

/** `sell` stops fall (down), `buy` stops rise (up); take-profits the other way. */
export function stopDirection(side: Side): 'up' | 'down' {
  return side === 'sell' ? 'down' : 'up';
}

export function buildDefinition(f: CondForm, symbol: string): DraftResult {
  const bad = (field: keyof CondForm): DraftResult => ({ ok: false, field });
  const qty = num(f.qty);
  const order = (side: Side, type: 'market' | 'limit', price: string | null): OrderSpec | keyof CondForm => {
    if (type === 'limit') {
      if (!price) return 'limitPrice';
      if (!qty) return 'qty';
      return { side, orderType: 'limit', price, qty };
    }
    if (side === 'buy') {
      const amt = num(f.amt);
      return amt ? { side, orderType: 'market', amt } : 'amt';
    }
    return qty ? { side, orderType: 'market', qty } : 'qty';
  };
  const done = (legs: Leg[], extra: Partial<CondDefinition> = {}): DraftResult => ({
    ok: true,
    def: { kind: f.kind, symbol, legs, onGap: f.onGap, ...extra },
  });

  if (f.kind === 'stop' || f.kind === 'takeProfit') {
    const level = num(f.trigger);
    if (!level) return bad('trigger');
    const o = order(f.side, f.orderType, f.orderType === 'limit' ? num(f.limitPrice) : null);
    if (typeof o === 'string') return bad(o);
    const down = stopDirection(f.side) === 'down';
    const direction = f.kind === 'stop' ? (down ? 'down' : 'up') : down ? 'up' : 'down';
    return done([{ kind: 'trigger', trigger: { type: 'cross', direction, level }, order: o }]);
  }
  if (f.kind === 'trailing') {
    const v = num(f.trailValue);
    if (!v) return bad('trailValue');
    const activation = f.activation.trim() ? num(f.activation) : undefined;
    if (activation === null) return bad('activation');
    const o = order(f.side, 'market', null);
    if (typeof o === 'string') return bad(o);
    const distance = f.trailMode === 'amount' ? { amount: v } : { percent: v };
    return done([
      {
        kind: 'trigger',
        trigger: {
          type: 'trailing',
          direction: stopDirection(f.side),
          distance,
          ...(activation ? { activation } : {}),
        },
        order: o,
      },
    ]);
  }
  if (f.kind === 'oco') {
    const target = num(f.target);
    if (!target) return bad('target');
    const level = num(f.trigger);
    if (!level) return bad('trigger');
    if (!qty) return bad('qty');
    // a buy stop leg cannot be a market buy (sized by amount): it is a limit at its own price
    const type = f.side === 'buy' ? 'limit' : f.orderType;
    const stopPrice = type === 'limit' ? (num(f.limitPrice) ?? level) : null;
    const stop = order(f.side, type, stopPrice);
    if (typeof stop === 'string') return bad(stop);
    return done([
      { kind: 'resting', order: { side: f.side, orderType: 'limit', price: target, qty } },
      { kind: 'trigger', trigger: { type: 'cross', direction: stopDirection(f.side), level }, order: stop },
    ]);
  }
  // bracket: entry on `side`, exits on the other side for the filled quantity
  const entryPrice = num(f.entryPrice);
  if (!entryPrice) return bad('entryPrice');
  if (!qty) return bad('qty');
  const target = num(f.target);
  if (!target) return bad('target');
  const level = num(f.trigger);
  if (!level) return bad('trigger');
  const exit = other(f.side);
  const stopOrder: OrderSpec =
    exit === 'sell' ? { side: exit, orderType: 'market' } : { side: exit, orderType: 'limit', price: level };
  return done(
    [
      {
        kind: 'trigger',
        trigger: { type: 'cross', direction: exit === 'sell' ? 'up' : 'down', level: target },
        order: { side: exit, orderType: 'limit', price: target },
      },
      {
        kind: 'trigger',
        trigger: { type: 'cross', direction: stopDirection(exit), level },
        order: stopOrder,
      },
    ],
    { entry: { side: f.side, orderType: 'limit', price: entryPrice, qty } },
  );
}
