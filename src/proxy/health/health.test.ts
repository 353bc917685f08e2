import { describe, expect, it } from 'vitest';
import { type KeyProblem, ProfileHealth } from './health.js';

function setup() {
  let t = 1000;
  const h = new ProfileHealth(() => t);
  const events: [string, KeyProblem | undefined][] = [];
  h.onChange((id, p) => events.push([id, p]));
  return { h, events, tick: (ms: number) => (t += ms) };
}

describe('ProfileHealth', () => {
  it('marks a profile from a key-problem code on REST and keeps the first since', () => {
    const { h, events, tick } = setup();
    h.observeRest('p1', false, 'KEY_EXPIRED');
    tick(500);
    h.observeRest('p1', false, 'KEY_EXPIRED');
    expect(h.get('p1')).toEqual({ code: 'KEY_EXPIRED', since: 1000, seen: 'rest' });
    expect(events).toHaveLength(1);
    expect(h.snapshot()).toEqual({ p1: { code: 'KEY_EXPIRED', since: 1000, seen: 'rest' } });
  });

  it('ignores business refusals and answers for no stored profile', () => {
    const { h, events } = setup();
    h.observeRest('p1', false, 'NO_BALANCE');
    h.observeRest('p1', false, 'SERVICE_UNAVAILABLE');
    h.observeRest(undefined, false, 'KEY_EXPIRED');
    expect(h.snapshot()).toEqual({});
    expect(events).toEqual([]);
  });

  it('a REST success clears a problem REST saw, not one the stream saw', () => {
    const { h, events } = setup();
    h.observeRest('p1', false, 'IP_NOT_ALLOWED');
    h.observeRest('p1', true, null);
    expect(h.get('p1')).toBeUndefined();
    expect(events.map((e) => e[1]?.code ?? null)).toEqual(['IP_NOT_ALLOWED', null]);

    h.report('p2', 'KEY_EXPIRED', 'stream');
    h.observeRest('p2', true, null);
    expect(h.get('p2')?.seen).toBe('stream');
    h.clear('p2');
    expect(h.get('p2')).toBeUndefined();
  });

  it('a new code replaces the old one and is told', () => {
    const { h, events, tick } = setup();
    h.report('p1', 'KEY_EXPIRED', 'stream');
    tick(10);
    h.report('p1', 'KEY_DEACTIVATED', 'stream');
    expect(h.get('p1')).toEqual({ code: 'KEY_DEACTIVATED', since: 1010, seen: 'stream' });
    expect(events).toHaveLength(2);
  });

  it('the stream seeing a problem REST saw makes it a stream problem (a REST success no longer clears it)', () => {
    const { h } = setup();
    h.observeRest('p1', false, 'KEY_EXPIRED');
    h.report('p1', 'KEY_EXPIRED', 'stream');
    h.observeRest('p1', true, null);
    expect(h.get('p1')).toMatchObject({ code: 'KEY_EXPIRED', since: 1000, seen: 'stream' });
  });
});
