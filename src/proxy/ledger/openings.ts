// Each account's equity at 00:00 KST as the investment-results engine reconstructs it (the
// exchange's fills and flows, the balances, candle prices): the desk's day P&L starts there when
// the proxy took no snapshot at midnight (started later that day), so the desk and the
// investment results' "today" start from the same figure. Computed in the background: the desk
// asks synchronously and gets null until an answer is known.
import { kstDayStart } from '../../core/desk/dayPnl.js';
import { queryPnl } from '../../core/pnl/query.js';
import type { UncertainReason } from '../../core/pnl/types.js';
import type { Logger } from '../log.js';
import type { LedgerService } from './service.js';

/** A reconstruction is read again this often (the ledger may have learned of older rows). */
const REFRESH_MS = 10 * 60_000;
/** After a round that could not say, the next try waits this long. */
const RETRY_MS = 15_000;
/**
 * What makes the engine's start figure unfit for an opening: missing rows (a ledger gap in the day,
 * from the index's gaps) or prices, or an outflow the ledger could not see placed in the day (it may
 * have left before 00:00), or the engine's equity disagreeing with what the desk sampled from the
 * exchange's balances (a ledger out of step with the exchange, say a balance read the ledger has not
 * caught up with yet: its 00:00 figure would carry the difference into the day's P&L). Coins held
 * from before the ledger are not (they are what the balances say, taken back to 00:00 through
 * today's rows).
 */
const UNFIT: ReadonlySet<UncertainReason> = new Set([
  'ledgerGap',
  'missingPrice',
  'unseenOutflow',
  'snapshotMismatch',
]);

export class DayOpenings {
  private readonly known = new Map<string, { equityKrw: string; at: number }>();
  private readonly tried = new Map<number, number>();
  private running: Promise<void> | null = null;
  /** A refresh asked for while a round ran (it may have checked the accounts before the sync finished). */
  private again = false;

  constructor(
    private readonly svc: Pick<LedgerService, 'prepare' | 'livePrices' | 'indexReady' | 'accounts'>,
    private readonly log?: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** The reconstructed equity of the account at dayStart, or null (and a round is started). */
  get(owner: string, accountSeq: number, dayStart: number): string | null {
    const hit = this.known.get(`${owner}|${accountSeq}|${dayStart}`);
    const now = this.now();
    if (!hit || now - hit.at > REFRESH_MS) this.start(dayStart, now);
    return hit?.equityKrw ?? null;
  }

  /** Starts a round for today now (after a ledger sync): the desk's next read finds the answer ready. */
  refresh(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    const now = this.now();
    this.tried.delete(kstDayStart(now));
    this.start(kstDayStart(now), now);
  }

  /** Resolves when no round runs (one asked for meanwhile included); for tests and closing. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private start(dayStart: number, now: number): void {
    if (this.running || now - (this.tried.get(dayStart) ?? -Infinity) < RETRY_MS) return;
    this.tried.set(dayStart, now);
    this.running = this.compute(dayStart)
      .catch((e) => this.log?.warn(`desk: the day's opening from the ledger failed: ${(e as Error).message}`))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.refresh();
        }
      });
  }

  private async compute(dayStart: number): Promise<void> {
    await this.svc.prepare();
    const livePrices = await this.svc.livePrices();
    const { index } = await this.svc.indexReady();
    const now = this.now();
    for (const k of this.known.keys()) if (!k.endsWith(`|${dayStart}`)) this.known.delete(k);
    for (const d of this.tried.keys()) if (d !== dayStart) this.tried.delete(d);
    for (const a of this.svc.accounts()) {
      const key = `${a.owner}|${a.accountSeq}|${dayStart}`;
      // an answer that became unfit (a gap, an unseen outflow found since) is withdrawn
      this.known.delete(key);
      const r = queryPnl(index, {
        from: dayStart,
        to: now + 1,
        scope: [{ profileId: a.profileId, accountSeq: a.accountSeq }],
        livePrices,
      });
      if (r.total.uncertain.some((u) => UNFIT.has(u))) continue;
      this.known.set(key, { equityKrw: r.total.startEquityKrw, at: now });
    }
  }
}
