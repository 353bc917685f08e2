import { describe, expect, it } from 'vitest';
import type { Leg } from '../../../core/conditional/types.js';
import { legLines, orderText } from './describe.js';

describe('leg lines', () => {
  it('tells stops from take-profits and follows a trailing stop', () => {
    const legs: Leg[] = [
      {
        kind: 'trigger',
        trigger: { type: 'cross', direction: 'up', level: '110' },
        order: { side: 'sell', orderType: 'limit', price: '110', qty: '1' },
      },
      {
        kind: 'trigger',
        trigger: { type: 'cross', direction: 'down', level: '90' },
        order: { side: 'sell', orderType: 'market', qty: '1' },
      },
      {
        kind: 'trigger',
        trigger: { type: 'trailing', direction: 'down', distance: { amount: '5' } },
        order: { side: 'sell', orderType: 'market', qty: '1' },
      },
      { kind: 'resting', order: { side: 'sell', orderType: 'limit', price: '120', qty: '1' } },
    ];
    const lines = legLines(legs, [undefined, undefined, { active: true, extreme: '130' }]);
    expect(lines.map((l) => [l.kind, l.level, l.movable])).toEqual([
      ['tp', '110', true],
      ['stop', '90', true],
      ['trail', '125', true],
      ['resting', '120', false],
    ]);
    // not active yet: no level, nothing to drag
    expect(legLines([legs[2]!], [])[0]).toMatchObject({ level: null, movable: false });
  });
  it('describes orders', () => {
    expect(orderText({ side: 'sell', orderType: 'limit', price: '110', qty: '1' }, (v) => v)).toBe('110 × 1');
    expect(orderText({ side: 'buy', orderType: 'market', amt: '5000' }, (v) => v)).toBe('5000 (amt)');
  });
});
