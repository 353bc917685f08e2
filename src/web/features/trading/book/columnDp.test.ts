import { describe, expect, it } from 'vitest';
import { columnDp } from './columnDp.js';

describe('columnDp', () => {
  it('keeps the full precision for small quantities', () => {
    expect(columnDp(['0.4944', '3.091'], 9, 3)).toBe(3);
    expect(columnDp(['0.0001'], 11, 4)).toBe(4);
  });
  it('gives up decimals as the integer part grows, never below zero', () => {
    expect(columnDp(['96230.278', '2978.2826'], 9, 3)).toBe(2); // "96,230.28"
    expect(columnDp(['13978.6171'], 11, 4)).toBe(4); // "13,978.6171"
    expect(columnDp(['123456789.5'], 9, 3)).toBe(0);
  });
  it('ignores leading zeros and signs', () => {
    expect(columnDp(['000012.5', '-3'], 9, 3)).toBe(3);
  });
});
