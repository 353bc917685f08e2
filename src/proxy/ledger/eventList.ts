// Every stored event of the known accounts as one list in the engine's order, kept in step with the
// store by reading only the rows added since the last read (their rowids), not the whole table on each
// change: at 100,000 fills a whole read took 1.3-1.9 s of the proxy's only thread per new fill.
//
// The order is total and the same whichever way the list was made: time, then the account's place in
// the known accounts, then the event id (a whole read: rows per account by ts and event id, merged by
// time; an extension: `order` below). A transfer between two accounts of one owner counts once, from the first
// account in that order; a row that would change which copy counts, a rewritten row (a funding row's
// later status) or another set of accounts reads everything again.

import type { LedgerEvent } from '../../core/pnl/types.js';
import { drain, STEP_ITEMS } from '../../core/steps.js';
import { toLedgerEvent } from './events.js';
import type { LedgerRecord } from './records.js';
import { runInSlices } from './slices.js';
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
  /** profileId|accountSeq -> place (the order's second key, read off an event); null when two accounts
   * share one (keys of two users under one profile name): then every change reads everything. */
  places: Map<string, number> | null;
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
  /** A whole read running in slices (readReady). */
  private reading: Promise<LedgerEvent[]> | null = null;
  /** Whole reads of the store (for tests and the bench). */
  fullReads = 0;

  constructor(private readonly store: LedgerStore) {}

  /** The list as the store holds it now (the same array while nothing changed). */
  read(accounts: readonly KnownAccount[]): LedgerEvent[] {
    const key = listKey(accounts);
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

  /**
   * The list as read(), a whole read run in slices (slices.ts) so the thread keeps serving meanwhile;
   * callers during one share it. Rows written meanwhile are merged in by the next read.
   */
  async readReady(accounts: readonly KnownAccount[]): Promise<LedgerEvent[]> {
    const key = listKey(accounts);
    const s = this.state;
    if (s && s.key === key && s.rewrites === this.store.rewrites) return this.read(accounts);
    this.reading ??= runInSlices(this.readAllSteps(key, accounts)).finally(() => {
      this.reading = null;
    });
    await this.reading;
    return this.read(accounts);
  }

  private readAll(key: string, accounts: readonly KnownAccount[]): LedgerEvent[] {
    return drain(this.readAllSteps(key, accounts));
  }

  private *readAllSteps(
    key: string,
    accounts: readonly KnownAccount[],
  ): Generator<void, LedgerEvent[], void> {
    const started = this.state;
    const version = this.store.version;
    const rewrites = this.store.rewrites;
    // rows added after this one, while the read pauses or later, are merged in by extend()
    const rowid = this.store.lastEventRowid();
    const places = new Map<string, { pos: number; profileId: string }>();
    const transfers = new Map<string, number>();
    const lists: { events: LedgerEvent[]; at: number[] }[] = [];
    let byRef: Map<string, number> | null = new Map();
    for (const [pos, a] of accounts.entries()) {
      const k = `${a.owner}|${a.accountSeq}`;
      if (places.has(k)) continue;
      places.set(k, { pos, profileId: a.profileId });
      const ref = `${a.profileId}|${a.accountSeq}`;
      if (byRef?.has(ref)) byRef = null;
      else byRef?.set(ref, pos);
      const rows = this.store.eventRows(a.owner, a.accountSeq, rowid);
      const mine: { events: LedgerEvent[]; at: number[] } = { events: [], at: [] };
      for (let i = 0; i < rows.length; i++) {
        if (i % STEP_ITEMS === STEP_ITEMS - 1) yield;
        const r = rows[i] as { eventId: string; body: string };
        const record = JSON.parse(r.body) as LedgerRecord;
        if (record.kind === 'transfer') {
          const t = `${a.owner}|${r.eventId}`;
          if (transfers.has(t)) continue;
          transfers.set(t, pos);
        }
        mine.events.push(toLedgerEvent(a.profileId, a.accountSeq, r.eventId, record));
        mine.at.push(record.ts);
      }
      lists.push(mine);
      yield;
    }
    const events = yield* mergeByTime(lists);
    // a read made meanwhile (at once, by a caller that could not wait) is newer: it stands
    if (this.state !== started && this.state) return this.state.events;
    this.fullReads++;
    this.state = { key, version, rewrites, rowid, events, accounts: places, places: byRef, transfers };
    this.first = this.latest() + 1;
    this.steps = [];
    this.generation.set(events, this.first);
    return events;
  }

  /** The state with `rows` merged in, or null when only a whole read gives the right list. */
  private extend(s: ListState, rows: ReturnType<LedgerStore['eventsAfter']>): LedgerEvent[] | null {
    const byRef = s.places;
    if (!byRef) return null;
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
    const pos = (e: LedgerEvent) => byRef.get(`${e.profileId}|${e.accountSeq}`) ?? 0;
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

/**
 * The accounts' lists (each by time and id, in the accounts' order) merged by time, an earlier account
 * first at one time: the order of `order` below. By hand, not a sort: a sort of 100,000 events of mixed
 * shapes took ~230 ms in one piece.
 */
function* mergeByTime(
  lists: readonly { events: LedgerEvent[]; at: number[] }[],
): Generator<void, LedgerEvent[], void> {
  const next = lists.map(() => 0);
  const total = lists.reduce((n, l) => n + l.events.length, 0);
  const out: LedgerEvent[] = [];
  for (let n = 0; n < total; n++) {
    if (n % STEP_ITEMS === STEP_ITEMS - 1) yield;
    let best = 0;
    let bestAt = Number.POSITIVE_INFINITY;
    for (let j = 0; j < lists.length; j++) {
      const t = (lists[j] as { at: number[] }).at[next[j] as number];
      if (t !== undefined && t < bestAt) {
        bestAt = t;
        best = j;
      }
    }
    const i = next[best] as number;
    out.push((lists[best] as { events: LedgerEvent[] }).events[i] as LedgerEvent);
    next[best] = i + 1;
  }
  return out;
}

const listKey = (accounts: readonly KnownAccount[]) =>
  accounts.map((a) => `${a.owner}:${a.accountSeq}:${a.profileId}`).join();

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
