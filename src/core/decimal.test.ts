import { describe, expect, it } from 'vitest';
import {
  add,
  ceilToStep,
  cmp,
  decimalPlaces,
  div,
  floorIndex,
  floorToStep,
  fromScaledInt,
  isDecimalString,
  mul,
  parseDecimal,
  round,
  sub,
  sum,
  toPlain,
  toScaledInt,
} from './decimal.js';

describe('parseDecimal', () => {
  it('accepts plain decimals and canonicalises them', () => {
    expect(parseDecimal('95000000')).toEqual({ ok: true, value: '95000000' });
    expect(parseDecimal('0.00150')).toEqual({ ok: true, value: '0.0015' });
    expect(parseDecimal('007.10')).toEqual({ ok: true, value: '7.1' });
  });
  it('rejects exponent notation, signs, blanks and junk', () => {
    for (const bad of [
      '1e5',
      '1E-8',
      '+5',
      ' 5',
      '5 ',
      '',
      '.5',
      '5.',
      '1,000',
      'NaN',
      'Infinity',
      '0x10',
      '１',
    ]) {
      expect(parseDecimal(bad).ok, bad).toBe(false);
    }
  });
  it('rejects non-strings', () => {
    expect(parseDecimal(5).ok).toBe(false);
    expect(parseDecimal(null).ok).toBe(false);
  });
  it('rejects negatives unless allowed, and zero when asked', () => {
    expect(parseDecimal('-1').ok).toBe(false);
    expect(parseDecimal('-1', { allowNegative: true })).toEqual({ ok: true, value: '-1' });
    expect(parseDecimal('0', { allowZero: false }).ok).toBe(false);
    expect(parseDecimal('0.000', { allowZero: false }).ok).toBe(false);
    expect(parseDecimal('0')).toEqual({ ok: true, value: '0' });
  });
  it('bounds the length', () => {
    expect(parseDecimal('1'.repeat(65)).ok).toBe(false);
    expect(parseDecimal('12345', { maxLength: 4 }).ok).toBe(false);
  });
  it('keeps 30-digit decimals exact', () => {
    const v = '123456789012345678901234567890.123456789012345678901234567891';
    expect(parseDecimal(v, { maxLength: 80 })).toEqual({ ok: true, value: v });
    expect(add(v, '0.000000000000000000000000000001')).toBe(
      '123456789012345678901234567890.123456789012345678901234567892',
    );
  });
  it('isDecimalString mirrors the grammar', () => {
    expect(isDecimalString('1.5')).toBe(true);
    expect(isDecimalString('1e3')).toBe(false);
  });
});

describe('arithmetic', () => {
  it('does not suffer float error', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(sub('1', '0.9')).toBe('0.1');
    expect(mul('95000000', '0.0015')).toBe('142500');
    expect(sum(['0.1', '0.2', '0.3'])).toBe('0.6');
  });
  it('divides with explicit precision and rounding', () => {
    expect(div('1', '3', 8, 'down')).toBe('0.33333333');
    expect(div('2', '3', 8, 'halfUp')).toBe('0.66666667');
    expect(div('2', '3', 8, 'up')).toBe('0.66666667');
    expect(div('1', '8', 2, 'halfEven')).toBe('0.12');
    expect(() => div('1', '0', 2)).toThrow(/division by zero/);
  });
  it('rounds', () => {
    expect(round('1.235', 2, 'halfUp')).toBe('1.24');
    expect(round('1.239', 2, 'down')).toBe('1.23');
    expect(round('1.231', 2, 'up')).toBe('1.24');
  });
  it('compares', () => {
    expect(cmp('10', '9.99')).toBe(1);
    expect(cmp('1.0', '1')).toBe(0);
    expect(cmp('-1', '0')).toBe(-1);
  });
  it('never prints exponents', () => {
    expect(toPlain('0.0000000001')).toBe('0.0000000001');
    expect(mul('100000000000000000000000', '10')).toBe('1000000000000000000000000');
    expect(toPlain('-0.0')).toBe('0');
  });
  it('steps and decimal places', () => {
    expect(floorToStep('1234.56', '5')).toBe('1230');
    expect(ceilToStep('1231', '5')).toBe('1235');
    expect(decimalPlaces('0.0100')).toBe(2);
    expect(decimalPlaces('100')).toBe(0);
  });
  it('scales to integers exactly and refuses lossy scaling', () => {
    expect(toScaledInt('0.0015', 8)).toBe(150000);
    expect(fromScaledInt(150000, 8)).toBe('0.0015');
    expect(() => toScaledInt('0.000000001', 8)).toThrow();
    expect(() => toScaledInt('100000000000', 8)).toThrow(/too large/);
  });
});

describe('floorIndex', () => {
  const bounds = ['0', '1', '10', '100', '1000.5'];
  it('is the last bound at or below the value, -1 below them all', () => {
    expect(floorIndex(bounds, '-1')).toBe(-1);
    expect(floorIndex(bounds, '0')).toBe(0);
    expect(floorIndex(bounds, '0.999')).toBe(0);
    expect(floorIndex(bounds, '10')).toBe(2);
    expect(floorIndex(bounds, '99.99999999')).toBe(2);
    expect(floorIndex(bounds, '1000.49')).toBe(3);
    expect(floorIndex(bounds, '1000.5')).toBe(4);
    expect(floorIndex(bounds, '1e9')).toBe(4);
    expect(floorIndex([], '5')).toBe(-1);
  });
  it('compares numbers, not strings ("9" is below "10")', () => {
    expect(floorIndex(['1', '10', '2'].slice(0, 2), '9')).toBe(0);
  });
});
