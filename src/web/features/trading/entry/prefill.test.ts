import { beforeEach, describe, expect, it } from 'vitest';
import { fillPrice, useOrderForm } from '../../../lib/orders/orderFormStore.js';
import { prefillPrice } from './prefill.js';

const form = () => useOrderForm.getState();

describe('prefillPrice: the limit price starts at the last price once per market', () => {
  beforeEach(() => form().reset());

  it('fills an empty price with the last price', () => {
    expect(prefillPrice('140021000')).toBe(true);
    expect(form().price).toBe('140021000');
  });

  it('fills once: a price cleared by hand stays empty, and a later last price does not move it', () => {
    prefillPrice('140021000');
    form().set({ price: '' });
    expect(prefillPrice('140030000')).toBe(false);
    expect(form().price).toBe('');
    form().set({ price: '139000000' });
    expect(prefillPrice('140040000')).toBe(false);
    expect(form().price).toBe('139000000');
  });

  it('never writes over a price typed or clicked before the ticker came', () => {
    fillPrice('138500000');
    expect(prefillPrice('140021000')).toBe(false);
    expect(form().price).toBe('138500000');
    form().set({ price: '' });
    expect(prefillPrice('140021000')).toBe(false);
    expect(form().price).toBe('');
  });

  it('fills again after a reset (a new market), with that market’s last price', () => {
    prefillPrice('140021000');
    form().reset();
    expect(form().price).toBe('');
    expect(prefillPrice('5001000')).toBe(true);
    expect(form().price).toBe('5001000');
  });

  it('waits for a usable last price: none, zero or negative leaves the field empty and the fill pending', () => {
    for (const last of [undefined, '', '0', '0.000', '-5', '1e5', 'abc']) {
      expect(prefillPrice(last)).toBe(false);
      expect(form().price).toBe('');
    }
    expect(prefillPrice('2998')).toBe(true);
    expect(form().price).toBe('2998');
  });

  it('a call made with an earlier market’s reset count fills nothing', () => {
    const before = form().resetSeq;
    form().reset();
    expect(prefillPrice('140021000', before)).toBe(false);
    expect(form().price).toBe('');
    expect(prefillPrice('5001000', form().resetSeq)).toBe(true);
    expect(form().price).toBe('5001000');
  });

  it('keeps side, order type and time in force across a reset, and clears the snap note on a fill', () => {
    form().set({ side: 'sell', orderType: 'limit', timeInForce: 'ioc', snapNote: { from: '1', to: '2' } });
    form().reset();
    expect(form()).toMatchObject({ side: 'sell', orderType: 'limit', timeInForce: 'ioc', snapNote: null });
    form().set({ snapNote: { from: '1', to: '2' } });
    prefillPrice('1450');
    expect(form().snapNote).toBeNull();
  });
});
