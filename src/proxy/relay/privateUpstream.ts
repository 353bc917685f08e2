// What a private hub asks of the exchange, per channel: one subscription holding the union of the
// accounts its browsers want, ALWAYS with explicit `accountSeqs` (the live service tags a frame with
// its account only when the subscription named accountSeqs; korbit-cli internal/stream/events.go), and
// for myOrder / myTrade the `symbols` of every launched pair (korbit-cli internal/stream/session.go
// validateSubscription, internal/cli/tuicmd/tuicmd.go tuiSubscriptions). myAsset carries no symbols.
import { sameSymbols } from './pairList.js';
import type { ChannelKey } from './subscriptions.js';

/** Private channels whose subscriptions name pairs. */
export const SYMBOL_CHANNELS: ReadonlySet<string> = new Set(['myOrder', 'myTrade']);

/** The exchange's default account: a subscription or frame without accountSeq means it. */
export const MAIN_ACCOUNT = 1;

export interface PrivateWire {
  accounts: number[];
  symbols: readonly string[] | null;
}

export type PrivatePlan = { method: 'subscribe' | 'unsubscribe'; wire: PrivateWire } | null;

/** The accounts a channel's browser keys ask for, sorted; a key without accountSeq is the main account. */
export function accountsOf(keys: Iterable<ChannelKey>, type: string): number[] {
  const all = new Set<number>();
  for (const k of keys) if (k.type === type) all.add(k.accountSeq ?? MAIN_ACCOUNT);
  return [...all].sort((a, b) => a - b);
}

/** The upstream request body for a channel's wire state. */
export function privateBody(
  method: 'subscribe' | 'unsubscribe',
  type: string,
  wire: PrivateWire,
  requestId: number,
): Record<string, unknown> {
  const body: Record<string, unknown> = { requestId, method, type, accountSeqs: [...wire.accounts] };
  if (wire.symbols && SYMBOL_CHANNELS.has(type)) body.symbols = [...wire.symbols];
  return body;
}

/** The account a private data frame belongs to: its payload's accountSeq, else the main account. */
export function privateFrameAccount(frame: Record<string, unknown>): number {
  const type = frame.channelType;
  const field = type === 'myOrder' ? 'order' : type === 'myTrade' ? 'trade' : 'asset';
  const payload = frame[field] as { accountSeq?: unknown } | null | undefined;
  const seq = payload?.accountSeq;
  return typeof seq === 'number' && Number.isSafeInteger(seq) ? seq : MAIN_ACCOUNT;
}

/**
 * What is subscribed upstream per private channel on the current connection, and the smallest request
 * that brings a channel to what its browsers want:
 *  - more accounts, or another pair list: `subscribe` with the whole union and every pair (a subscribe
 *    may replace the channel's subscription, as the sandbox does, so it always names everything);
 *  - fewer accounts but some left: nothing (the extra account's frames are dropped here; an unsubscribe
 *    of some accounts is not something the vendor's client ever sends);
 *  - no account left: `unsubscribe` naming what was subscribed.
 */
export class PrivateWireState {
  private readonly wire = new Map<string, PrivateWire>();

  constructor(private readonly symbols: () => readonly string[] | null) {}

  plan(type: string, keys: Iterable<ChannelKey>): PrivatePlan {
    const accounts = accountsOf(keys, type);
    const cur = this.wire.get(type);
    if (accounts.length === 0) return cur ? { method: 'unsubscribe', wire: cur } : null;
    const symbols = SYMBOL_CHANNELS.has(type) ? this.symbols() : null;
    const covered =
      cur && sameSymbols(cur.symbols, symbols) && accounts.every((a) => cur.accounts.includes(a));
    return covered ? null : { method: 'subscribe', wire: { accounts, symbols } };
  }

  commit(type: string, plan: NonNullable<PrivatePlan>): void {
    if (plan.method === 'subscribe') this.wire.set(type, plan.wire);
    else this.wire.delete(type);
  }

  /** After a refusal the upstream state is unknown: the next plan re-sends the whole channel. */
  forget(type: string): void {
    this.wire.delete(type);
  }

  clear(): void {
    this.wire.clear();
  }
}
