// Every stored event of the known accounts as one list in the engine's order, kept in step with the
// store by reading only the rows added since the last read (their rowids), not the whole table on each
// change: at 100,000 fills a whole read took 1.3-1.9 s of the proxy's only thread per new fill.
//
// The order is total and the same whichever way the list was made: time, then the account's place in
// the known accounts, then the event id (ledgerEvents, events.ts: rows per account by ts and event id,
// then a stable sort by time). A transfer between two accounts of one owner counts once, from the first
// account in that order; a row that would change which copy counts, a rewritten row (a funding row's
// later status) or another set of accounts reads everything again.

import type { LedgerEvent } from '../../core/pnl/types.js';
import { toLedgerEvent } from './events.js';
import type { KnownAccount, LedgerStore } from './store.js';

interface ListState {
  key: string;
  /** The store's version when last read (nothing to read while it stays). */
  version: number;
  rewrites: number;
  /** The largest rowid read. */
  rowid: number;
  events: LedgerEvent[];
  /** owner|accountSeq -> place in the known accounts, and the profile that reads it. */
  accounts: Map<string, { pos: number; profileId: string }>;
  /** owner|transfer event id -> the place of the account whose copy counts. */
  transfers: Map<string, number>;
}

/** Steps kept for addedSince: a reader further behind makes a whole pass of its own instead. */
const MAX_STEPS = 8;

export class LedgerEventList {
  private state: ListState | null = null;
  /** Each list's generation (held weakly: an old list is not kept alive for this). */
  private readonly generation = new WeakMap<readonly LedgerEvent[], number>();
  /** What each step merged: steps[i] made generation `first + i + 1` from `first + i`. */
  private steps: LedgerEvent[][] = [];
  private first = 0;
  /** Each event's account's place in the known accounts (the order's second key). */
  private pos = new WeakMap<LedgerEvent, number>();
  /** Whole reads of the store (for tests and the bench). */
  fullReads = 0;

  constructor(private readonly store: LedgerStore) {}

  /** The list as the store holds it now (the same array while nothing changed). */
  read(accounts: readonly KnownAccount[]): LedgerEvent[] {
    const key = accounts.map((a) => `${a.owner}:${a.accountSeq}:${a.profileId}`).join();
    const s = this.state;
    if (s && s.key === key && s.rewrites === this.store.rewrites) {
      if (s.version === this.store.version) return s.events;
      s.version = this.store.version;
      const rows = this.store.eventsAfter(s.rowid);
      if (rows.length === 0) return s.events;
      const more = this.extend(s, rows);
      if (more) return more;
    }
    return this.readAll(key, accounts);
  }

  /** What was merged into `list` to make the current one; null when it is not an earlier list. */
  addedSince(list: readonly LedgerEvent[]): LedgerEvent[] | null {
    const g = this.generation.get(list);
    if (g === undefined || g < this.first) return null;
    return this.steps.slice(g - this.first).flat();
  }

  /** The current list's generation. */
  private latest(): number {
    return this.first + this.steps.length;
  }

  private readAll(key: string, accounts: readonly KnownAccount[]): LedgerEvent[] {
    const version = this.store.version;
    const rewrites = this.store.rewrites;
    const rowid = this.store.lastEventRowid();
    const places = new Map<string, { pos: number; profileId: string }>();
    const transfers = new Map<string, number>();
    const events: LedgerEvent[] = [];
    accounts.forEach((a, pos) => {
      const k = `${a.owner}|${a.accountSeq}`;
      if (places.has(k)) return;
      places.set(k, { pos, profileId: a.profileId });
      for (const r of this.store.events(a.owner, a.accountSeq)) {
        if (r.record.kind === 'transfer') {
          const t = `${a.owner}|${r.eventId}`;
          if (transfers.has(t)) continue;
          transfers.set(t, pos);
        }
        const e = toLedgerEvent(a.profileId, a.accountSeq, r.eventId, r.record);
        this.pos.set(e, pos);
        events.push(e);
      }
    });
    // rows per account by time and id, then a stable sort by time: the order of `order` below
    events.sort((x, y) => x.at - y.at);
    this.fullReads++;
    // better-sqlite3 reads synchronously: no row is written between reading the rowid and the events
    this.state = { key, version, rewrites, rowid, events, accounts: places, transfers };
    this.first = this.latest() + 1;
    this.steps = [];
    this.generation.set(events, this.first);
    return events;
  }

  /** The state with `rows` merged in, or null when only a whole read gives the right list. */
  private extend(s: ListState, rows: ReturnType<LedgerStore['eventsAfter']>): LedgerEvent[] | null {
    const added: { e: LedgerEvent; pos: number }[] = [];
    const transfers = new Map<string, number>();
    for (const r of rows) {
      const place = s.accounts.get(`${r.owner}|${r.accountSeq}`);
      if (!place) continue;
      if (r.record.kind === 'transfer') {
        const k = `${r.owner}|${r.eventId}`;
        const counted = transfers.get(k) ?? s.transfers.get(k);
        if (counted !== undefined) {
          if (place.pos < counted) return null; // this copy would count instead: read it all
          continue;
        }
        transfers.set(k, place.pos);
      }
      added.push({ e: toLedgerEvent(place.profileId, r.accountSeq, r.eventId, r.record), pos: place.pos });
    }
    s.rowid = rows[rows.length - 1]?.rowid ?? s.rowid;
    for (const [k, v] of transfers) s.transfers.set(k, v);
    if (added.length === 0) return s.events;
    for (const a of added) this.pos.set(a.e, a.pos);
    const pos = (e: LedgerEvent) => this.pos.get(e) ?? 0;
    added.sort((x, y) => order(x.e, x.pos, y.e, y.pos));
    const events = merge(s.events, added, pos);
    this.steps.push(added.map((a) => a.e));
    this.generation.set(events, this.latest());
    if (this.steps.length > MAX_STEPS) {
      this.steps.shift();
      this.first++;
    }
    s.events = events;
    return events;
  }
}

function order(x: LedgerEvent, xp: number, y: LedgerEvent, yp: number): number {
  return x.at - y.at || xp - yp || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
}

/** `list` (in order) with `added` (in order) merged in: a new array, `list` untouched. */
function merge(
  list: readonly LedgerEvent[],
  added: readonly { e: LedgerEvent; pos: number }[],
  pos: (e: LedgerEvent) => number,
): LedgerEvent[] {
  const first = added[0];
  if (!first) return [...list];
  // the common case: every new row is later than the list's last (a fill just happened)
  let i = list.length;
  while (i > 0 && order(list[i - 1] as LedgerEvent, pos(list[i - 1] as LedgerEvent), first.e, first.pos) > 0)
    i--;
  const out = list.slice(0, i);
  let j = 0;
  while (i < list.length || j < added.length) {
    const a = list[i];
    const b = added[j];
    if (b && (!a || order(a, pos(a), b.e, b.pos) > 0)) {
      out.push(b.e);
      j++;
    } else {
      out.push(a as LedgerEvent);
      i++;
    }
  }
  return out;
}
