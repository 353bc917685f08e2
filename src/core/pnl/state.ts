// The state of one (profile, account, currency) track, its packed form, and exact division helpers.
import Big from 'big.js';
import { exactDivRound } from './exactDiv.js';
import type { FlowKind } from './types.js';

/** The running figures of one track; all cumulative except pos, cost and costUnknown. */
export interface TrackState {
  pos: Big;
  /** Total moving-average cost of `pos` (coins; zero for KRW). */
  cost: Big;
  realized: Big;
  fees: Big;
  /** Signed KRW value of flows in (+) and out (-) of this account in this currency. */
  flows: Big;
  /** Unrealized gain brought in (+) or taken out (-) by flows; see types.ts. */
  carried: Big;
  /** KRW put in: buys at cost, flows in at value (the base of the asset's return). */
  added: Big;
  /** How many disposals took cost from units of unknown cost. */
  unknownSells: number;
  /** Units of unknown cost are in the position (until it returns to zero). */
  costUnknown: boolean;
  /** Which recorded state this is (-1: the opening); set by lookups. */
  n?: number;
}

const PACKED = ['pos', 'flows', 'cost', 'realized', 'fees', 'carried', 'added'] as const;

/**
 * Each running state's last packed figures: most events change two or three of a state's seven
 * figures (big.js gives a new object for each result), so the others keep their text and are not
 * printed again (about a quarter of the index build at 100,000 fills went to printing).
 */
const printed = new WeakMap<TrackState, { objs: Big[]; strs: string[] }>();

/** A state packed into one string (a tenth of the memory of the big.js objects, so GC stays small). */
export function pack(s: TrackState): string {
  let m = printed.get(s);
  if (!m) {
    m = { objs: [], strs: [] };
    printed.set(s, m);
  }
  const parts: Array<string | number> = [];
  for (let i = 0; i < PACKED.length; i++) {
    const b = s[PACKED[i] as (typeof PACKED)[number]];
    let t = m.strs[i];
    if (m.objs[i] !== b || t === undefined) {
      t = b.toString();
      m.objs[i] = b;
      m.strs[i] = t;
    }
    parts.push(t);
  }
  parts.push(s.unknownSells, s.costUnknown ? 1 : 0);
  // join gives one flat string; concatenation would keep a tree of pieces alive for every state kept
  return parts.join('|');
}

/** The two figures of a packed state that equity needs (the position and the flows), read alone. */
export function unpackHolding(p: string): { pos: Big; flows: Big } {
  const a = p.indexOf('|');
  const b = p.indexOf('|', a + 1);
  return { pos: new Big(p.slice(0, a)), flows: new Big(p.slice(a + 1, b)) };
}

export function unpack(p: string, n: number): TrackState {
  const f = p.split('|');
  return {
    pos: new Big(f[0] as string),
    flows: new Big(f[1] as string),
    cost: new Big(f[2] as string),
    realized: new Big(f[3] as string),
    fees: new Big(f[4] as string),
    carried: new Big(f[5] as string),
    added: new Big(f[6] as string),
    unknownSells: Number(f[7]),
    costUnknown: f[8] === '1',
    n,
  };
}

export interface Track {
  key: string;
  profileId: string;
  accountSeq: number;
  currency: string;
  /** Units held before the ledger begins (a sell or withdrawal went below zero without them). */
  openingQty: Big;
  openingCostKnown: boolean;
  opening: TrackState;
  at: number[];
  /** pack()ed state after each event at at[i]. */
  states: string[];
}

export interface FlowRecord {
  eventId: string;
  profileId: string;
  accountSeq: number;
  at: number;
  kind: FlowKind;
  currency: string;
  amount: Big;
  valueKrw: Big;
  /** For transfers: the other account. */
  counterpart?: number;
}

export const trackKey = (profileId: string, accountSeq: number, currency: string) =>
  `${profileId}\u0000${accountSeq}\u0000${currency}`;
/** trackKey's parts back. */
export function splitTrackKey(key: string): { profileId: string; accountSeq: number; currency: string } {
  const [profileId = '', seq = '', currency = ''] = key.split('\u0000');
  return { profileId, accountSeq: Number(seq), currency };
}
export const accountKey = (profileId: string, accountSeq: number) => `${profileId}\u0000${accountSeq}`;

/**
 * a / b rounded half up to `dp` places, divided at dp + 2 places (not the global 40): the rule of
 * big.js's div then round, worked out with integers (exactDiv.ts).
 */
export const divRound = exactDivRound;

/** cost x q / pos rounded to 8 dp (1e-8 KRW). */
export const costShare = (cost: Big, q: Big, pos: Big): Big => divRound(cost.times(q), pos, 8);
