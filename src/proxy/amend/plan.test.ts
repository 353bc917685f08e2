import { describe, expect, it } from 'vitest';
import { amendRefusal, replacementQty, replacementTif } from './plan.js';

const open = { orderType: 'limit', status: 'open', side: 'buy', price: '100', qty: '2', filledQty: '0' };

describe('amendRefusal', () => {
  it('accepts a price or quantity change of an open limit order', () => {
    expect(amendRefusal(open, { price: '101' })).toBeNull();
    expect(amendRefusal({ ...open, status: 'partiallyFilled', filledQty: '0.5' }, { qty: '1' })).toBeNull();
  });
  it('refuses other orders, closed orders, empty and non-changes', () => {
    expect(amendRefusal({ ...open, orderType: 'market' }, { price: '1' })?.code).toBe('NOT_AMENDABLE');
    expect(amendRefusal({ ...open, status: 'filled' }, { price: '101' })?.code).toBe('ORDER_CLOSED');
    expect(amendRefusal(open, {})?.code).toBe('BAD_REQUEST');
    expect(amendRefusal(open, { qty: '0' })?.code).toBe('BAD_REQUEST');
    expect(amendRefusal(open, { price: '100', qty: '2' })?.code).toBe('NO_CHANGE');
    expect(amendRefusal({ ...open, filledQty: '0.5' }, { qty: '1.5' })?.code).toBe('NO_CHANGE');
  });
});

describe('replacementQty', () => {
  it('is what the user wanted when nothing filled in between', () => {
    expect(replacementQty({ wantedRemaining: '2', seenFilled: '0', finalFilled: '0' })).toBe('2');
  });
  it('a partial fill between view and cancel shrinks the replacement', () => {
    expect(replacementQty({ wantedRemaining: '2', seenFilled: '0.5', finalFilled: '1.25' })).toBe('1.25');
  });
  it('nothing to place when the fills used it all', () => {
    expect(replacementQty({ wantedRemaining: '1', seenFilled: '0', finalFilled: '1' })).toBeNull();
    expect(replacementQty({ wantedRemaining: '1', seenFilled: '0', finalFilled: '3' })).toBeNull();
  });
  it('time in force of a resting replacement', () => {
    expect(replacementTif('po')).toBe('po');
    expect(replacementTif('gtc')).toBe('gtc');
    expect(replacementTif(undefined)).toBe('gtc');
  });
});
