import { describe, expect, it } from 'vitest';
import { checkArm } from '../../../core/conditional/plan.js';
import { buildDefinition, EMPTY_FORM } from './draft.js';

const ctx = {
  pair: { minOrderValue: '5000' },
  policy: [{ priceGte: '0', tickSize: '1000' }],
  last: '3000000',
  base: 'eth',
  quote: 'krw',
};

describe('conditional ticket draft', () => {
  it('a sell stop-market falls through its level; a buy stop rises', () => {
    const r = buildDefinition({ ...EMPTY_FORM, trigger: '2,900,000', qty: '0.5' }, 'eth_krw');
    expect(r).toEqual({
      ok: true,
      def: {
        kind: 'stop',
        symbol: 'eth_krw',
        onGap: 'fire',
        legs: [
          {
            kind: 'trigger',
            trigger: { type: 'cross', direction: 'down', level: '2900000' },
            order: { side: 'sell', orderType: 'market', qty: '0.5' },
          },
        ],
      },
    });
    const buy = buildDefinition({ ...EMPTY_FORM, side: 'buy', trigger: '3100000', amt: '100000' }, 'eth_krw');
    expect(buy.ok && buy.def.legs[0]).toMatchObject({
      trigger: { direction: 'up' },
      order: { orderType: 'market', amt: '100000' },
    });
    if (buy.ok) expect(checkArm(buy.def, ctx)).toBeNull();
  });
  it('a take-profit sell waits for a rise, limit price required for a limit', () => {
    const r = buildDefinition(
      { ...EMPTY_FORM, kind: 'takeProfit', trigger: '3200000', orderType: 'limit', qty: '1' },
      'eth_krw',
    );
    expect(r).toEqual({ ok: false, field: 'limitPrice' });
    const ok = buildDefinition(
      {
        ...EMPTY_FORM,
        kind: 'takeProfit',
        trigger: '3200000',
        orderType: 'limit',
        limitPrice: '3190000',
        qty: '1',
      },
      'eth_krw',
    );
    expect(ok.ok && ok.def.legs[0]).toMatchObject({
      trigger: { direction: 'up', level: '3200000' },
      order: { price: '3190000' },
    });
  });
  it('names the first missing field', () => {
    expect(buildDefinition({ ...EMPTY_FORM, qty: '1' }, 'eth_krw')).toEqual({ ok: false, field: 'trigger' });
    expect(buildDefinition({ ...EMPTY_FORM, trigger: '1' }, 'eth_krw')).toEqual({ ok: false, field: 'qty' });
    expect(buildDefinition({ ...EMPTY_FORM, kind: 'trailing', qty: '1' }, 'eth_krw')).toEqual({
      ok: false,
      field: 'trailValue',
    });
  });
  it('OCO: a resting limit and a stop of the same qty; bracket: entry then opposite exits that pass the arming checks', () => {
    const oco = buildDefinition(
      { ...EMPTY_FORM, kind: 'oco', target: '3300000', trigger: '2800000', qty: '1' },
      'eth_krw',
    );
    expect(oco.ok && oco.def.legs.map((l) => l.kind)).toEqual(['resting', 'trigger']);
    if (oco.ok) expect(checkArm(oco.def, ctx)).toBeNull();
    const br = buildDefinition(
      {
        ...EMPTY_FORM,
        kind: 'bracket',
        side: 'buy',
        entryPrice: '2990000',
        qty: '1',
        target: '3300000',
        trigger: '2800000',
      },
      'eth_krw',
    );
    expect(br.ok && br.def.entry).toEqual({ side: 'buy', orderType: 'limit', price: '2990000', qty: '1' });
    if (br.ok) expect(checkArm(br.def, ctx)).toBeNull();
  });
  it('trailing by percent with an activation price', () => {
    const r = buildDefinition(
      { ...EMPTY_FORM, kind: 'trailing', trailValue: '2', activation: '3100000', qty: '1', onGap: 'cancel' },
      'eth_krw',
    );
    expect(r.ok && r.def).toMatchObject({
      onGap: 'cancel',
      legs: [
        {
          trigger: { type: 'trailing', direction: 'down', distance: { percent: '2' }, activation: '3100000' },
        },
      ],
    });
  });
});
