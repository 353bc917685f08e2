import type { WatchState } from '../../core/conditional/scan.js';
import { distanceForLevel, reaches } from '../../core/conditional/trigger.js';
import type { CondDefinition, Leg } from '../../core/conditional/types.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { Logger } from '../log.js';
import type { FeedTap } from '../market/tradeFeed.js';
import { previewArm } from './arm.js';
import type { Conditional, ConditionalStore, Runtime } from './store.js';

/** What a user command on a conditional order answers: the order, or an HTTP status with a code. */
export type CommandResult =
  | { ok: true; conditional: Conditional }
  | { ok: false; status: number; code: string; message: string };

const refuse = (status: number, code: string, message: string): CommandResult => ({
  ok: false,
  status,
  code,
  message,
});

/**
 * Moves where an armed trigger leg fires (dragging its chart line), with the arming checks. A price
 * trigger takes the new level; an active trailing stop keeps following its extreme at the distance
 * that puts its level there now (in its own unit), so the level then moves on with the market.
 */
export async function moveTriggerLevel(
  d: {
    store: ConditionalStore;
    feed: FeedTap;
    forwarder: Forwarder;
    log: Logger;
    /** The engine's latest trailing progress (it saves it only every few seconds). */
    watchOf: (c: Conditional) => WatchState;
  },
  id: string,
  legIndex: number,
  level: string,
): Promise<CommandResult> {
  const c = d.store.get(id);
  if (!c) return refuse(404, 'NOT_FOUND', 'no such conditional order');
  const leg = c.rt.legs[legIndex];
  const defLeg = c.def.legs[legIndex];
  if (c.status !== 'armed' || leg?.kind !== 'trigger' || defLeg?.kind !== 'trigger')
    return refuse(409, 'CONDITIONAL_NOT_MOVABLE', 'only an armed trigger can be moved');
  const t = leg.trigger;
  let moved: <L extends Extract<Leg, { kind: 'trigger' }>>(l: L) => L;
  if (t.type === 'cross') moved = (l) => ({ ...l, trigger: { ...l.trigger, level } });
  else {
    const state = d.watchOf(c).trail[legIndex];
    const distance = distanceForLevel(t, state, level);
    if (!distance) {
      const [side, where, extreme] =
        t.direction === 'down' ? ['sell', 'below', 'high'] : ['buy', 'above', 'low'];
      return refuse(
        400,
        'TRAIL_LEVEL_INVALID',
        state?.active
          ? `a trailing ${side} stop's level is ${where} its ${extreme} (${state.extreme}); ${level} is not`
          : 'the trailing stop is not active yet: it has no level to move',
      );
    }
    moved = (l) => (l.trigger.type === 'trailing' ? { ...l, trigger: { ...l.trigger, distance } } : l);
  }
  const def: CondDefinition = {
    ...c.def,
    legs: c.def.legs.map((l, i) => (i === legIndex ? moved(defLeg) : l)),
  };
  const fetched = (await d.feed.recent(def.symbol, 1))?.[0] ?? null;
  // a trailing level the market is already through would fire at once (the price trigger's check is in previewArm)
  if (t.type === 'trailing' && fetched && reaches(t.direction, fetched.price, level))
    return refuse(
      400,
      'TRIGGER_ALREADY_CROSSED',
      `The last price ${fetched.price} has already reached ${level}; it would fire at once.`,
    );
  const preview = await previewArm(d.forwarder, c.profileId, c.accountSeq, def, fetched);
  // the balance is already committed (a resting leg holds it, or the entry bought it)
  if (!preview.ok && preview.error?.code !== 'NO_BALANCE')
    return refuse(400, preview.error?.code ?? 'BAD_REQUEST', preview.error?.message ?? '');
  const rt: Runtime = { ...c.rt, legs: c.rt.legs.map((l, i) => (i === legIndex ? moved(leg) : l)) };
  if (!d.store.amend(id, 'armed', def, rt))
    return refuse(409, 'CONDITIONAL_NOT_MOVABLE', 'it changed state meanwhile');
  d.log.info(`conditional ${id}: leg ${legIndex} moved to ${level}`);
  return { ok: true, conditional: d.store.get(id)! };
}
