// The launched pairs a private hub names on its upstream myOrder / myTrade subscriptions.
//
// The vendor's client names `symbols` on every myOrder / myTrade subscription (its own validation
// requires them) and its TUI subscribes the account channels for every launched pair of
// GET /v2/currencyPairs. So the relay does the same: the list is fetched through the proxy's forwarder,
// cached, refreshed on every (re)connect and every 10 minutes, and a change is reported so the hub can
// resubscribe. A failed refresh keeps the last known list; with none known the hub subscribes without
// symbols (the exchange's default, as far as anyone knows) and says so in the log.
import type { Logger } from '../log.js';

const SYMBOL = /^[a-z0-9]{1,20}_[a-z0-9]{1,20}$/i;

export const PAIR_REFRESH_MS = 10 * 60_000;
/** How long a (re)connect waits for the pair list before subscribing with what it has. */
export const PAIR_WAIT_MS = 3_000;

/** The launched pairs of a GET /v2/currencyPairs `data`, sorted and unique; null when it is not a list. */
export function launchedSymbols(data: unknown): string[] | null {
  if (!Array.isArray(data)) return null;
  const out = new Set<string>();
  for (const row of data) {
    if (typeof row !== 'object' || row === null) continue;
    const { symbol, status } = row as Record<string, unknown>;
    if (status === 'launched' && typeof symbol === 'string' && SYMBOL.test(symbol)) out.add(symbol);
  }
  return [...out].sort();
}

/** Where a private hub reads the launched pairs it names on myOrder / myTrade. */
export interface PairSource {
  fetch: () => Promise<string[] | null>;
  everyMs?: number;
  waitMs?: number;
}

export function sameSymbols(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

export class PairList {
  private list: string[] | null = null;
  private inflight: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly name: string,
    private readonly fetch: () => Promise<string[] | null>,
    private readonly log: Logger,
    private readonly onChange: (symbols: readonly string[]) => void,
    private readonly everyMs = PAIR_REFRESH_MS,
  ) {}

  /** The last known launched pairs; null while none is known. */
  get symbols(): readonly string[] | null {
    return this.list;
  }

  /** Starts the periodic refresh (idempotent). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.refresh(), this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Fetches the list once (concurrent calls share one fetch); never throws. */
  refresh(): Promise<void> {
    this.inflight ??= this.fetchOnce().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  /** Refreshes, waiting at most waitMs (the fetch goes on; a late change is still reported). */
  async refreshWithin(waitMs = PAIR_WAIT_MS): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((r) => {
      timer = setTimeout(r, waitMs);
      timer.unref();
    });
    await Promise.race([this.refresh(), late]);
    clearTimeout(timer);
  }

  private async fetchOnce(): Promise<void> {
    let next: string[] | null;
    try {
      next = await this.fetch();
    } catch (e) {
      this.keep((e as Error).message ?? String(e));
      return;
    }
    if (!next || next.length === 0) {
      this.keep(next ? 'the exchange listed no launched pair' : 'the answer was not a list');
      return;
    }
    if (sameSymbols(this.list, next)) return;
    const first = this.list === null;
    this.list = next;
    if (!first) this.log.info(`relay ${this.name}: the pair list changed (${next.length} launched pairs)`);
    this.onChange(next);
  }

  private keep(reason: string): void {
    const fallback =
      this.list === null
        ? 'myOrder/myTrade are subscribed without symbols'
        : `keeping the last known ${this.list.length} pairs`;
    this.log.warn(`relay ${this.name}: could not read the pair list (${reason}); ${fallback}`);
  }
}
