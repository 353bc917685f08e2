// The zero holdings of core/pnl/absent.ts (a currency an account's whole balance answer leaves out) for
// the service's index, worked out again only when the answers changed or an event came at or before an
// answer's time: the pass over the whole ledger took ~100 ms at 100,000 fills and ran at every new fill,
// which comes after every answer and changes nothing here.
import { absentAtZero, absentAtZeroSteps, type BalanceAnswer } from '../../core/pnl/absent.js';
import type { Holding, LedgerEvent } from '../../core/pnl/types.js';
import { runInSlices } from './slices.js';

export class AbsentZeros {
  private last: { key: string; events: readonly LedgerEvent[]; rows: Holding[] } | null = null;
  /** @param addedSince what was merged into an earlier event list to make the current one (eventList.ts) */
  constructor(private readonly addedSince: (list: readonly LedgerEvent[]) => LedgerEvent[] | null) {}

  /** `key` names the answers: it must change whenever they do. */
  rows(key: string, answers: readonly BalanceAnswer[], events: readonly LedgerEvent[]): Holding[] {
    return this.kept(key, answers, events) ?? this.keep(key, events, absentAtZero(answers, events));
  }

  /** The same, a pass over the ledger run in slices (slices.ts); `rows` then finds it kept. */
  async ready(key: string, answers: readonly BalanceAnswer[], events: readonly LedgerEvent[]): Promise<void> {
    if (this.kept(key, answers, events)) return;
    this.keep(key, events, await runInSlices(absentAtZeroSteps(answers, events)));
  }

  private kept(
    key: string,
    answers: readonly BalanceAnswer[],
    events: readonly LedgerEvent[],
  ): Holding[] | null {
    const l = this.last;
    if (!l || l.key !== key) return null;
    if (l.events === events) return l.rows;
    const added = this.addedSince(l.events);
    const latest = answers.reduce((m, a) => Math.max(m, a.at), Number.NEGATIVE_INFINITY);
    if (!added?.every((e) => e.at > latest)) return null;
    l.events = events;
    return l.rows;
  }

  private keep(key: string, events: readonly LedgerEvent[], rows: Holding[]): Holding[] {
    this.last = { key, events, rows };
    return rows;
  }
}
