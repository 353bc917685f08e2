import { describe, expect, it } from 'vitest';
import { formatKrw, formatKrwChange, formatNumber, formatPercent, formatPrice, formatQty } from './format.js';

describe('format', () => {
  it('formats KRW as grouped whole won', () => {
    expect(formatKrw('95123000')).toBe('95,123,000');
    expect(formatKrw('1234.5')).toBe('1,235');
    expect(formatKrwChange('274500')).toBe('+274,500');
    expect(formatKrwChange('-1200.4')).toBe('-1,200');
    expect(formatKrwChange('0')).toBe('0');
    expect(formatKrw('-1234567')).toBe('-1,234,567');
    expect(formatKrw('0')).toBe('0');
  });
  it('formats quantities up to 8 decimals without trailing noise', () => {
    expect(formatQty('0.00150000')).toBe('0.0015');
    expect(formatQty('1.123456789')).toBe('1.12345679');
    expect(formatQty('12345.5')).toBe('12,345.5');
  });
  it('formats prices with the decimals of their tick', () => {
    expect(formatPrice('1234.5', '0.1')).toBe('1,234.5');
    expect(formatPrice('1234', '0.01')).toBe('1,234.00');
    expect(formatPrice('95000000', '1000')).toBe('95,000,000');
  });
  it('formats percents with a sign', () => {
    expect(formatPercent('1.234')).toBe('+1.23%');
    expect(formatPercent('-0.5')).toBe('-0.50%');
    expect(formatPercent('0')).toBe('0.00%');
  });
  it('shows a dash for missing or invalid values, never NaN or exponents', () => {
    expect(formatNumber(undefined)).toBe('-');
    expect(formatNumber('1e5')).toBe('-');
    expect(formatNumber('0.00000001')).toBe('0.00000001');
  });
});
