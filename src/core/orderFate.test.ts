import { describe, expect, it } from 'vitest';
import {
  fateFromOrder,
  fateTone,
  filledMore,
  isFinalFate,
  isUncertainFailure,
  needsPreventionCheck,
  resolveStep,
} from './orderFate.js';

describe('fateFromOrder', () => {
  it('maps exchange statuses, the stream\'s "unfilled" included', () => {
    expect(fateFromOrder({ status: 'unfilled' })).toBe('open');
    expect(fateFromOrder({ status: 'open' })).toBe('open');
    expect(fateFromOrder({ status: 'partiallyFilled' })).toBe('partiallyFilled');
    expect(fateFromOrder({ status: 'filled' })).toBe('filled');
    expect(fateFromOrder({ status: 'expired' })).toBe('expired');
    expect(fateFromOrder({ status: 'canceled' })).toBe('canceled');
    // an unknown status from a newer server counts as closed, as everywhere else in the dashboard
    expect(fateFromOrder({ status: 'somethingNew' })).toBe('canceled');
  });

  it('a cancel nobody asked for on a prevented taker is self-trade prevention', () => {
    expect(fateFromOrder({ status: 'canceled' }, { preventedAsTaker: true })).toBe('prevented');
    expect(fateFromOrder({ status: 'partiallyFilledCanceled' }, { preventedAsTaker: true })).toBe(
      'prevented',
    );
    // the user canceled it: that is what is told, whatever else happened
    expect(fateFromOrder({ status: 'canceled' }, { preventedAsTaker: true, userCanceled: true })).toBe(
      'canceled',
    );
    expect(fateFromOrder({ status: 'filled' }, { preventedAsTaker: true })).toBe('filled');
  });

  it('only an unrequested cancel is checked for prevention', () => {
    expect(needsPreventionCheck({ status: 'canceled' })).toBe(true);
    expect(needsPreventionCheck({ status: 'partiallyFilledCanceled' })).toBe(true);
    expect(needsPreventionCheck({ status: 'canceled' }, { userCanceled: true })).toBe(false);
    expect(needsPreventionCheck({ status: 'expired' })).toBe(false);
  });
});

describe('uncertain failures', () => {
  it("transport failures, timeouts and the proxy's unknown state are uncertain", () => {
    for (const c of [
      'NETWORK_ERROR',
      'TIMEOUT',
      'UPSTREAM_TIMEOUT',
      'ORDER_STATE_UNKNOWN',
      'UPSTREAM_UNREACHABLE',
    ])
      expect(isUncertainFailure(c)).toBe(true);
    expect(isUncertainFailure('HTTP_502', 502)).toBe(true);
  });

  it('a definite refusal is not', () => {
    for (const c of ['NO_BALANCE', 'PRICE_TICK_SIZE_INVALID', 'PERMISSION_DENIED', 'TOO_MANY_REQUESTS'])
      expect(isUncertainFailure(c, 400)).toBe(false);
  });
});

describe('resolveStep', () => {
  it('a found order ends the search with its fate and id', () => {
    expect(resolveStep({ kind: 'found', order: { orderId: 7, status: 'unfilled' } }, { misses: 0 })).toEqual({
      fate: 'open',
      orderId: 7,
      retry: false,
    });
  });

  it('a miss is believed after enough misses or once the journal failed the intent', () => {
    expect(resolveStep({ kind: 'notFound' }, { misses: 0 })).toEqual({ fate: null, retry: true });
    expect(resolveStep({ kind: 'notFound' }, { misses: 2 })).toEqual({ fate: 'notPlaced', retry: false });
    expect(resolveStep({ kind: 'notFound' }, { misses: 0, journal: 'failed' })).toEqual({
      fate: 'notPlaced',
      retry: false,
    });
    expect(resolveStep({ kind: 'notFound' }, { misses: 0, journal: 'unknown' }).retry).toBe(true);
    expect(resolveStep({ kind: 'notFound' }, { misses: 2, journal: 'unknown' }).fate).toBe('notPlaced');
  });

  it('a miss is not believed while the proxy is still sending the intent or has it placed', () => {
    for (const journal of ['pending', 'sent', 'placed'] as const)
      expect(resolveStep({ kind: 'notFound' }, { misses: 10, journal })).toEqual({ fate: null, retry: true });
  });

  it('a failed lookup keeps looking', () => {
    expect(resolveStep({ kind: 'error', code: 'NETWORK_ERROR' }, { misses: 5 })).toEqual({
      fate: null,
      retry: true,
    });
  });
});

describe('helpers', () => {
  it('finality and tone', () => {
    expect(isFinalFate('open')).toBe(false);
    expect(isFinalFate('uncertain')).toBe(false);
    expect(isFinalFate('prevented')).toBe(true);
    expect(fateTone('filled')).toBe('ok');
    expect(fateTone('prevented')).toBe('warn');
    expect(fateTone('rejected')).toBe('error');
  });

  it('filledMore compares decimal strings', () => {
    expect(filledMore('0', '0.001')).toBe(true);
    expect(filledMore('0.001', '0.001')).toBe(false);
    expect(filledMore(undefined, '0')).toBe(false);
    expect(filledMore('0.0009', '0.001')).toBe(true);
  });
});
