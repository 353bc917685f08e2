import { describe, expect, it } from 'vitest';
import { actionFor } from '../features/hotkeys/keymap.js';
import { createKeyHold, HOLD_MS } from './earlyKeys.js';

const press = (target: EventTarget, code: string, mods: Record<string, boolean> = {}) => {
  const e = new Event('keydown');
  Object.assign(e, {
    code,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    repeat: false,
    ...mods,
  });
  target.dispatchEvent(e);
};

function setup(blocked = false) {
  const target = new EventTarget();
  let t = 1000;
  const hold = createKeyHold(
    target,
    () => t,
    () => blocked,
  );
  return { target, hold, advance: (ms: number) => (t += ms) };
}

describe('early key hold', () => {
  it('hands over the keys pressed before the handler mounted, in order, then stops holding', () => {
    const { target, hold } = setup();
    hold.start();
    press(target, 'Slash', { shiftKey: true });
    press(target, 'KeyS');
    const keys = hold.take();
    expect(keys.map((k) => actionFor(k, false))).toEqual(['help', 'side.sell']);
    expect(keys[0]?.target).toBe(target);
    press(target, 'KeyB');
    expect(hold.take()).toEqual([]);
  });

  it('drops keys older than the hold window and auto-repeats', () => {
    const { target, hold, advance } = setup();
    hold.start();
    press(target, 'KeyX');
    advance(HOLD_MS + 1);
    press(target, 'KeyB');
    press(target, 'KeyB', { repeat: true });
    expect(hold.take().map((k) => k.code)).toEqual(['KeyB']);
  });

  it('holds nothing while a dialog owns the keyboard', () => {
    const { target, hold } = setup(true);
    hold.start();
    press(target, 'KeyX');
    expect(hold.take()).toEqual([]);
  });

  it('leaving the screen before the handler mounted forgets what was held', () => {
    const { target, hold } = setup();
    const stop = hold.start();
    press(target, 'KeyX');
    stop();
    press(target, 'KeyB');
    hold.start();
    expect(hold.take()).toEqual([]);
  });
});
