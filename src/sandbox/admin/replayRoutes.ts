/**
 * Admin routes of a replay (issue 22 item 2; the sandbox started with a replayed market source):
 *   GET  /admin/replay  -> {active: true, ...ReplayState} or {active: false} on any other market
 *   POST /admin/replay  {action: 'pause'|'resume'|'speed'|'seek', value?}
 *        speed: value 0.1..50 (x); seek: value = ms into the recording (clamped to it)
 * POST without a replay answers 409 REPLAY_NOT_ACTIVE; bad input 400 BAD_REQUEST, nothing changed.
 */
import type { SbxInternals } from '../internals.js';
import { MAX_SPEED, MIN_SPEED } from '../market/replayClock.js';
import { type ReplayAction, ReplaySource } from '../market/replaySource.js';
import { AdminError, type AdminRoute, bad } from './input.js';

const ACTIONS: readonly ReplayAction[] = ['pause', 'resume', 'speed', 'seek'];

/** The replayed source behind the exchange, when the sandbox runs on one. */
export function replayOf(sbx: SbxInternals): ReplaySource | undefined {
  const src = (sbx.exchange as { source?: unknown }).source;
  return src instanceof ReplaySource ? src : undefined;
}

function num(v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const x = typeof v === 'string' ? Number(v) : v;
  return typeof x === 'number' && Number.isFinite(x) ? x : Number.NaN;
}

export const replayAdminRoutes: AdminRoute[] = [
  {
    method: 'GET',
    path: '/admin/replay',
    handle: (sbx) => {
      const r = replayOf(sbx);
      return r ? { active: true, ...r.replayState() } : { active: false };
    },
  },
  {
    method: 'POST',
    path: '/admin/replay',
    handle: (sbx, i) => {
      const action = i.action;
      if (typeof action !== 'string' || !ACTIONS.includes(action as ReplayAction))
        throw bad(`action must be one of ${ACTIONS.join(', ')}.`);
      const extra = Object.keys(i).filter((k) => k !== 'action' && k !== 'value');
      if (extra.length > 0) throw bad(`Unknown field ${extra[0]}.`);
      const value = num(i.value);
      if (Number.isNaN(value)) throw bad('value must be a number.');
      if (action === 'speed' && (value === undefined || value < MIN_SPEED || value > MAX_SPEED))
        throw bad(`speed needs a value from ${MIN_SPEED} to ${MAX_SPEED}.`);
      if (action === 'seek' && (value === undefined || value < 0))
        throw bad('seek needs a value: milliseconds into the recording, 0 or more.');
      const r = replayOf(sbx);
      if (!r)
        throw new AdminError({
          status: 409,
          code: 'REPLAY_NOT_ACTIVE',
          description: 'The sandbox is not replaying a recording (start it with --replay FILE).',
        });
      return { active: true, ...r.control(action as ReplayAction, value) };
    },
  },
];
