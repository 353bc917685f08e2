// The user's commands on conditional orders: arm (with the arming checks, stored durably before the
// answer) and cancel. Moving a trigger level lives in move.ts.
import { randomBytes } from 'node:crypto';
import type { CondDefinition, MarketTrade } from '../../core/conditional/types.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { Logger } from '../log.js';
import type { FeedTap } from '../market/tradeFeed.js';
import { type ArmPreview, previewArm } from './arm.js';
import type { Firing } from './firing.js';
import type { CommandResult } from './move.js';
import type { Conditional, ConditionalStore } from './store.js';

export interface CommandDeps {
  store: ConditionalStore;
  forwarder: Forwarder;
  feed: FeedTap;
  firing: Firing;
  log: Logger;
  /** The newest trade the stream showed for a symbol. */
  streamed: (symbol: string) => MarketTrade | undefined;
  refreshWatch: () => void;
}

const newId = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** Runs the arming checks; with `arm`, stores the definition (durably, before answering) and arms it. */
export async function createConditional(
  d: CommandDeps,
  profileHeader: string | undefined,
  accountSeq: number | null,
  def: CondDefinition,
  arm: boolean,
): Promise<{ preview: ArmPreview; conditional?: Conditional }> {
  const profile = d.forwarder.resolveProfile(
    { method: 'POST', path: '/v2/orders', auth: 'private', limitClass: 'order', accountScope: 'account' },
    profileHeader,
  )!;
  // the engine watches the proxy's own upstream: a profile pinned elsewhere trades another market
  if (d.forwarder.upstreamFor(profile).restUrl !== d.forwarder.upstreamFor(undefined).restUrl) {
    const message =
      'conditional orders run on the proxy upstream only; this key profile is pinned to another exchange';
    return {
      preview: {
        ok: false,
        error: { code: 'UPSTREAM_NOT_WATCHED', message },
        orders: [],
        last: null,
        lastTradeId: 0,
        required: null,
      },
    };
  }
  // the freshest of the stream's last trade and a REST read: the checks judge against the market now
  const fetched = (await d.feed.recent(def.symbol, 1))?.[0] ?? null;
  const streamed = d.streamed(def.symbol) ?? null;
  const latest = streamed && (!fetched || streamed.tradeId > fetched.tradeId) ? streamed : fetched;
  const preview = await previewArm(d.forwarder, profile.id, accountSeq, def, latest);
  if (!arm || !preview.ok) return { preview };
  const id = newId();
  const needsSetup = !!def.entry || def.legs.some((l) => l.kind === 'resting');
  const c = d.store.insert({
    id,
    profileId: profile.id,
    accountSeq,
    def,
    status: needsSetup ? 'arming' : 'armed',
    rt: {
      // the exchange's time of the last trade before arming: where a later gap in the trades starts
      watch:
        latest && latest.tradeId === preview.lastTradeId && latest.timestamp > 0
          ? { afterTradeId: preview.lastTradeId, afterAt: latest.timestamp, trail: [] }
          : { afterTradeId: preview.lastTradeId, trail: [] },
      legs: def.kind === 'bracket' ? [] : def.legs,
    },
  });
  d.log.info(`conditional ${id}: armed ${def.kind} on ${def.symbol}`);
  if (needsSetup) await d.firing.setup(id);
  d.refreshWatch();
  return { preview, conditional: d.store.get(id) ?? c };
}

/** Cancels an armed (or arming, or waiting) conditional; a triggered one can no longer be stopped. */
export async function cancelConditional(d: CommandDeps, id: string): Promise<CommandResult> {
  const c = d.store.get(id);
  if (!c) return { ok: false, status: 404, code: 'NOT_FOUND', message: 'no such conditional order' };
  const rt = { ...c.rt, error: { code: 'USER_CANCELED', message: 'canceled by the user' } };
  if (!d.store.transition(id, ['arming', 'armed', 'entryOpen'], 'canceled', rt)) {
    const now = d.store.get(id)!;
    return {
      ok: false,
      status: 409,
      code: 'CONDITIONAL_NOT_CANCELABLE',
      message: `it is ${now.status} and can no longer be canceled`,
    };
  }
  await d.firing.cancelPartner(c);
  d.refreshWatch();
  return { ok: true, conditional: d.store.get(id)! };
}
