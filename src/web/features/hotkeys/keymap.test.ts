import { describe, expect, it } from 'vitest';
import { actionFor, KEYMAP, step } from './keymap.js';

const key = (
  code: string,
  mods: Partial<{ ctrl: boolean; shift: boolean; alt: boolean; meta: boolean }> = {},
) => ({
  code,
  ctrlKey: !!mods.ctrl,
  metaKey: !!mods.meta,
  altKey: !!mods.alt,
  shiftKey: !!mods.shift,
});

describe('actionFor', () => {
  it('plain keys outside text fields, by physical key (works with the Korean IME)', () => {
    expect(actionFor(key('KeyB'), false)).toBe('side.buy');
    expect(actionFor(key('KeyS'), false)).toBe('side.sell');
    expect(actionFor(key('Digit3'), false)).toBe('pct.75');
    expect(actionFor(key('KeyX'), false)).toBe('order.cancelLast');
    expect(actionFor(key('KeyX', { shift: true }), false)).toBe('order.cancelAll');
    expect(actionFor(key('Slash', { shift: true }), false)).toBe('help');
    expect(actionFor(key('Slash'), false)).toBeNull(); // "/" belongs to the symbol picker
  });
  it('plain keys are typing inside a field; Ctrl combinations still act', () => {
    expect(actionFor(key('KeyB'), true)).toBeNull();
    expect(actionFor(key('Enter', { ctrl: true }), true)).toBe('order.submit');
    expect(actionFor(key('KeyK', { meta: true }), true)).toBe('palette');
  });
  it('other modifiers do not trigger plain keys', () => {
    expect(actionFor(key('KeyB', { ctrl: true }), false)).toBeNull();
    expect(actionFor(key('KeyB', { alt: true }), false)).toBeNull();
    expect(actionFor({ ...key('KeyB'), isComposing: true }, false)).toBeNull();
  });
  it('every binding is unique', () => {
    const sigs = KEYMAP.map((b) => `${b.code}|${!!b.ctrl}|${!!b.shift}`);
    expect(new Set(sigs).size).toBe(sigs.length);
  });
});

describe('step', () => {
  it('wraps around both ways', () => {
    expect(step(['a', 'b', 'c'], 'c', 1)).toBe('a');
    expect(step(['a', 'b', 'c'], 'a', -1)).toBe('c');
    expect(step(['a', 'b'], 'z', 1)).toBe('a');
    expect(step([], 'z', 1)).toBeUndefined();
  });
});
