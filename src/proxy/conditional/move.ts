import type { CondDefinition } from '../../core/conditional/types.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { Logger } from '../log.js';
import type { FeedTap } from '../tradeFeed.js';
import { previewArm } from './arm.js';
import type { Conditional, ConditionalStore, Runtime } from './store.js';

/** What a user command on a conditional order answers: the order, or an HTTP status with a code. */
export type CommandResult =
  | { ok: true; conditional: Conditional }
  | { ok: false; status: number; code: string; message: string };

/** Moves the level of an armed cross-trigger leg (dragging its chart line), with the arming checks. */
export async function moveTriggerLevel(
  d: { store: ConditionalStore; feed: FeedTap; forwarder: Forwarder; log: Logger },
  id: string,
  legIndex: number,
  level: string,
): Promise<CommandResult> {
  const c = d.store.get(id);
  if (!c) return { ok: false, status: 404, code: 'NOT_FOUND', message: 'no such conditional order' };
  const leg = c.rt.legs[legIndex];
  const defLeg = c.def.legs[legIndex];
  if (
    c.status !== 'armed' ||
    leg?.kind !== 'trigger' ||
    leg.trigger.type !== 'cross' ||
    defLeg?.kind !== 'trigger'
  )
    return {
      ok: false,
      status: 409,
      code: 'CONDITIONAL_NOT_MOVABLE',
      message: 'only an armed price trigger can be moved',
    };
  const moved = <L extends typeof leg>(l: L): L => ({ ...l, trigger: { ...l.trigger, level } });
  const def: CondDefinition = {
    ...c.def,
    legs: c.def.legs.map((l, i) => (i === legIndex ? moved(defLeg) : l)),
  };
  const fetched = (await d.feed.recent(def.symbol, 1))?.[0] ?? null;
  const preview = await previewArm(d.forwarder, c.profileId, c.accountSeq, def, fetched);
  // the balance is already committed (a resting leg holds it, or the entry bought it)
  if (!preview.ok && preview.error?.code !== 'NO_BALANCE')
    return {
      ok: false,
      status: 400,
      code: preview.error?.code ?? 'BAD_REQUEST',
      message: preview.error?.message ?? '',
    };
  const rt: Runtime = { ...c.rt, legs: c.rt.legs.map((l, i) => (i === legIndex ? moved(leg) : l)) };
  if (!d.store.amend(id, 'armed', def, rt))
    return {
      ok: false,
      status: 409,
      code: 'CONDITIONAL_NOT_MOVABLE',
      message: 'it changed state meanwhile',
    };
  d.log.info(`conditional ${id}: leg ${legIndex} moved to ${level}`);
  return { ok: true, conditional: d.store.get(id)! };
}
