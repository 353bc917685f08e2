import { describe, expect, it } from 'vitest';
import { derivedClientOrderId } from '../clientOrderId.js';
import { exitLegs, firedOrder, orderProgress } from './machine.js';
import { type ArmContext, checkArm, plannedOrders, requiredBalance } from './plan.js';
import type { CondDefinition } from './types.js';

const ctx: ArmContext = {
  pair: { minOrderValue: '5000', maxOrderValue: '1000000000', tradingStatus: 'launched' },
  policy: [
    { priceGte: '0', tickSize: '1' },
    { priceGte: '1000000', tickSize: '1000' },
  ],
  last: '150000',
  base: 'eth',
  quote: 'krw',
  available: { eth: '2', krw: '1000000' },
  key: { permissions: ['readOrders', 'writeOrders'], allowedAccountSeqs: [1, 2], status: 'activated' },
  accountSeq: 1,
};

const stop = (level: string, qty = '1'): CondDefinition => ({
  kind: 'stop',
  symbol: 'eth_krw',
  onGap: 'fire',
  legs: [
    {
      kind: 'trigger',
      trigger: { type: 'cross', direction: 'down', level },
      order: { side: 'sell', orderType: 'market', qty },
    },
  ],
});

describe('checkArm', () => {
  it('accepts a sound stop-market and shows the order it would place', () => {
    expect(checkArm(stop('140000'), ctx)).toBeNull();
    expect(plannedOrders(stop('140000'), ctx.last)).toEqual([
      {
        role: 'leg',
        leg: 0,
        when: '140000',
        params: { symbol: 'eth_krw', side: 'sell', orderType: 'market', qty: '1', timeInForce: 'ioc' },
        value: '140000',
      },
    ]);
  });
  it('refuses a level already reached, off-tick levels, too small values, no balance, no permission', () => {
    expect(checkArm(stop('150000'), ctx)?.code).toBe('TRIGGER_ALREADY_CROSSED');
    expect(checkArm(stop('140000.5'), ctx)?.code).toBe('PRICE_TICK_SIZE_INVALID');
    expect(checkArm(stop('140000', '0.01'), ctx)?.code).toBe('ORDER_VALUE_TOO_SMALL');
    expect(checkArm(stop('140000', '3'), ctx)?.code).toBe('NO_BALANCE');
    expect(
      checkArm(stop('140000'), { ...ctx, key: { permissions: ['readOrders'], allowedAccountSeqs: [1] } })
        ?.code,
    ).toBe('PERMISSION_DENIED');
    expect(checkArm(stop('140000'), { ...ctx, accountSeq: 3 })?.code).toBe('ACCOUNT_SEQ_NOT_ALLOWED');
    expect(checkArm(stop('140000'), { ...ctx, pair: { ...ctx.pair, tradingStatus: 'stopped' } })?.code).toBe(
      'CURRENCY_PAIR_STOPPED',
    );
  });
  it('OCO legs must share side and qty; a bracket needs an entry and opposite exits', () => {
    const oco: CondDefinition = {
      kind: 'oco',
      symbol: 'eth_krw',
      onGap: 'fire',
      legs: [
        { kind: 'resting', order: { side: 'sell', orderType: 'limit', price: '160000', qty: '1' } },
        {
          kind: 'trigger',
          trigger: { type: 'cross', direction: 'down', level: '140000' },
          order: { side: 'sell', orderType: 'market', qty: '1' },
        },
      ],
    };
    expect(checkArm(oco, ctx)).toBeNull();
    expect(requiredBalance(oco, ctx.last, 'eth', 'krw')).toEqual({ currency: 'eth', amount: '1' });
    const uneven = {
      ...oco,
      legs: [
        oco.legs[0]!,
        { ...oco.legs[1]!, order: { side: 'sell' as const, orderType: 'market' as const, qty: '2' } },
      ],
    };
    expect(checkArm(uneven, ctx)?.description).toMatch(/same qty/);
    const bracket: CondDefinition = {
      kind: 'bracket',
      symbol: 'eth_krw',
      onGap: 'fire',
      entry: { side: 'buy', orderType: 'limit', price: '149000', qty: '2' },
      legs: [
        {
          kind: 'trigger',
          trigger: { type: 'cross', direction: 'up', level: '160000' },
          order: { side: 'sell', orderType: 'limit', price: '160000' },
        },
        {
          kind: 'trigger',
          trigger: { type: 'cross', direction: 'down', level: '140000' },
          order: { side: 'sell', orderType: 'market' },
        },
      ],
    };
    expect(checkArm(bracket, ctx)).toBeNull();
    expect(requiredBalance(bracket, ctx.last, 'eth', 'krw')).toEqual({ currency: 'krw', amount: '298000' });
    expect(plannedOrders(bracket, ctx.last).map((o) => o.params.qty)).toEqual(['2', '2', '2']);
    expect(checkArm({ ...bracket, entry: { ...bracket.entry!, side: 'sell' } }, ctx)?.description).toMatch(
      /other side/,
    );
  });
  it('trailing needs a positive distance and an on-tick activation', () => {
    const tr = (distance: { amount: string } | { percent: string }, activation?: string): CondDefinition => ({
      kind: 'trailing',
      symbol: 'eth_krw',
      onGap: 'cancel',
      legs: [
        {
          kind: 'trigger',
          trigger: { type: 'trailing', direction: 'down', distance, ...(activation ? { activation } : {}) },
          order: { side: 'sell', orderType: 'market', qty: '1' },
        },
      ],
    });
    expect(checkArm(tr({ percent: '2' }, '155000'), ctx)).toBeNull();
    expect(checkArm(tr({ amount: '0' }), ctx)?.code).toBe('BAD_REQUEST');
    expect(checkArm(tr({ percent: '60' }), ctx)?.code).toBe('BAD_REQUEST');
    expect(checkArm(tr({ amount: '100' }, '155000.5'), ctx)?.code).toBe('PRICE_TICK_SIZE_INVALID');
  });
});

describe('OCO and bracket decisions', () => {
  const leg = stop('140000', '1').legs[0]!;
  it('a fired leg covers only what its resting partner did not fill', () => {
    expect(firedOrder(leg)).toEqual(leg.order);
    expect(firedOrder(leg, '0.4')?.qty).toBe('0.6');
    expect(firedOrder(leg, '1')).toBeNull();
  });
  it('exit legs take the filled quantity', () => {
    expect(exitLegs(stop('1'), '0.25')[0]?.order.qty).toBe('0.25');
  });
  it('reads exchange order states', () => {
    expect(orderProgress({ status: 'partiallyFilled', filledQty: '0.1' })).toEqual({
      progress: 'open',
      filledQty: '0.1',
    });
    expect(orderProgress({ status: 'filled', filledQty: '1' }).progress).toBe('filled');
    expect(orderProgress({ status: 'partiallyFilledCanceled', filledQty: '0.3' })).toEqual({
      progress: 'closed',
      filledQty: '0.3',
    });
  });
  it('derives short, valid, deterministic client order ids', () => {
    const id = derivedClientOrderId('mabc123-9f8e7d', 'leg1');
    expect(id).toBe('kc-mabc123-9f8e7d-t1');
    expect(id).toMatch(/^[0-9a-zA-Z.:_-]{1,36}$/);
    expect(derivedClientOrderId('x', 'entry')).not.toBe(derivedClientOrderId('x', 'resting'));
  });
});
