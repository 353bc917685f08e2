import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUTS, sanitizeLayout, sizeClass } from './workspaceLayout.js';

describe('workspace layout', () => {
  it('size classes', () => {
    expect(sizeClass(1024)).toBe('narrow');
    expect(sizeClass(1279)).toBe('narrow');
    expect(sizeClass(1280)).toBe('standard');
    expect(sizeClass(1920)).toBe('wide');
  });
  it('stored layouts are clamped and completed', () => {
    expect(sanitizeLayout({ bookWidth: 9999, bookMode: 'trades', extra: 1 }, 'wide')).toEqual({
      ...DEFAULT_LAYOUTS.wide,
      bookWidth: 560,
      bookMode: 'trades',
    });
    expect(sanitizeLayout({ entryWidth: 'x', bookMode: 'nope' }, 'narrow')).toEqual(DEFAULT_LAYOUTS.narrow);
    expect(sanitizeLayout(null, 'standard')).toEqual(DEFAULT_LAYOUTS.standard);
  });
  it('the narrow defaults fit 1024 px: folded market strip, chart minimum, book, ticket, splitters', () => {
    const n = DEFAULT_LAYOUTS.narrow;
    expect(24 + 360 + n.bookWidth + n.entryWidth + 2 * 6).toBeLessThanOrEqual(1024);
    const s = DEFAULT_LAYOUTS.standard;
    expect(264 + 360 + s.bookWidth + s.entryWidth + 2 * 6).toBeLessThanOrEqual(1280);
  });
});
