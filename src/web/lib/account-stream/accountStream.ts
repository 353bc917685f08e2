// The account stream: for one (key profile, account), the ONLY subscriber to its private channels and the
// ONLY writer of their entries (openOrders and myTrades per pair, balance; allOrders and the main account's
// funding lists marked stale), subscribed while a view watches orders, fills or balances. Rows go through
// the one order and fill merge (core/account/records.ts); it is the one source of "new fill" events (told
// once, stream or backfill first). After any gap (interrupted/resumed frames, a socket reconnect) it
// rebuilds the watched pairs from REST (backfill.ts) and reloads the balance (recentAssets.ts).
import type { QueryClient } from '@tanstack/react-query';
import { mergeAssets } from '../../../core/account/assets.js';
import { planGap } from '../../../core/account/historyWalk.js';
import {
  applyOrderRows,
  fillFromRow,
  groupBySymbol,
  mergeFills,
  type OrderRow,
  SeenFills,
} from '../../../core/account/records.js';
import { isFinalStatus } from '../../../core/orderStatus.js';
import { readChannel } from '../../../core/schemas/privateFrames.js';
import { qk } from '../queryKeys.js';
import type { Session } from '../session.js';
import type { Balance, MyTrade, OpenOrder } from '../types.js';
import { type Frame, privateStream, type StreamStatus } from '../ws.js';
import { rebuildAfterGap } from './backfill.js';
import { invalidateFunding } from './funding.js';
import { emitOrderUpdates } from './orderEvents.js';
import { recentKey } from './queries.js';
import { assetsKey, rememberAssets } from './recentAssets.js';
import { rememberOrderUpdates } from './recentOrders.js';

export type FillOrigin = 'stream' | 'backfill';
export type FillListener = (fills: MyTrade[], origin: FillOrigin) => void;

const [UNHEARD_MAX, UNHEARD_MS] = [20, 60_000];

/** What a gap left that could not be read back (shown in place in the orders and fills panels). */
export interface GapNotice {
  kind: 'tooOld' | 'incomplete' | 'failed';
  /** When the stream went down (server time). */
  since: number;
  code?: string;
}

export class AccountStream {
  private readonly symbols = new Map<string, number>();
  private watchers = 0;
  private balanceWatchers = 0;
  private offs: (() => void)[] | null = null;
  private offAssets: (() => void) | null = null;
  private offStatus: (() => void) | null = null;
  private fundingTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly seen = new SeenFills();
  private readonly fillListeners = new Set<FillListener>();
  /** New fills told while nobody listened (the fill alerts mount late, in their own chunk): for the first listener. */
  private unheard: { fills: MyTrade[]; origin: FillOrigin; at: number }[] = [];
  private readonly noticeListeners = new Set<() => void>();
  private watchedSince: number | null = null;
  private downSince: number | null = null;
  private chain: Promise<void> = Promise.resolve();
  notice: GapNotice | null = null;

  constructor(
    private readonly qc: QueryClient,
    readonly profileId: string,
    readonly accountSeq: number,
  ) {}

  /** Keeps the account's private channels subscribed and `symbols`' entries written; returns the release. */
  watch(symbols: readonly string[]): () => void {
    for (const s of symbols) this.symbols.set(s, (this.symbols.get(s) ?? 0) + 1);
    this.watchers++;
    this.start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const s of symbols) {
        const n = (this.symbols.get(s) ?? 1) - 1;
        if (n > 0) this.symbols.set(s, n);
        else this.symbols.delete(s);
      }
      if (--this.watchers === 0) this.stop();
    };
  }

  /** Keeps the account's balance entry live (myAsset); returns the release. */
  watchBalances(): () => void {
    this.balanceWatchers++;
    this.startAssets();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.balanceWatchers === 0) this.stopAssets();
    };
  }

  /** Calls `cb` with each batch of fills not told before (from the stream or a gap backfill). */
  onFills(cb: FillListener): () => void {
    this.fillListeners.add(cb);
    const now = Date.now();
    for (const u of this.unheard.splice(0)) if (now - u.at <= UNHEARD_MS) cb(u.fills, u.origin);
    const release = this.watch([]);
    return () => {
      this.fillListeners.delete(cb);
      release();
    };
  }

  onNotice(cb: () => void): () => void {
    this.noticeListeners.add(cb);
    return () => this.noticeListeners.delete(cb);
  }

  dismissNotice(): void {
    this.setNotice(null);
  }

  /** The pairs some view watches now. */
  watched(): string[] {
    return [...this.symbols.keys()];
  }

  private serverNow(): number {
    return Date.now() + (this.qc.getQueryData<Session>(qk.session())?.clockOffsetMs ?? 0);
  }

  private start() {
    if (this.offs) return;
    const stream = privateStream(this.profileId);
    const accountSeqs = [this.accountSeq];
    this.offs = [
      stream.subscribe({ type: 'myOrder', accountSeqs }, (f) => this.onOrderFrame(f)),
      stream.subscribe({ type: 'myTrade', accountSeqs }, (f) => this.onTradeFrame(f)),
    ];
    this.startStatus();
  }

  private stop() {
    for (const off of this.offs ?? []) off();
    this.offs = null;
    this.stopStatus();
  }

  private startAssets() {
    if (this.offAssets) return;
    const stream = privateStream(this.profileId);
    this.offAssets = stream.subscribe({ type: 'myAsset', accountSeqs: [this.accountSeq] }, (f) =>
      this.onAssetFrame(f),
    );
    this.startStatus();
  }

  private stopAssets() {
    this.offAssets?.();
    this.offAssets = null;
    if (this.fundingTimer) clearTimeout(this.fundingTimer);
    this.fundingTimer = null;
    this.stopStatus();
  }

  private startStatus() {
    if (this.offStatus) return;
    this.offStatus = privateStream(this.profileId).onStatus((s) => this.onStatus(s));
  }

  /** Forgets the stream's history once nothing is watched any more. */
  private stopStatus() {
    if (this.offs || this.offAssets) return;
    this.offStatus?.();
    this.offStatus = null;
    this.watchedSince = null;
    this.downSince = null;
  }

  private onStatus(s: StreamStatus) {
    if (s === 'open') {
      const now = this.serverNow();
      if (this.watchedSince === null) this.watchedSince = now;
      else if (this.downSince !== null) {
        const plan = planGap({ downSince: this.downSince, now, watchedSince: this.watchedSince });
        const since = this.downSince;
        this.downSince = null;
        this.chain = this.chain.then(() => this.rebuild(since, plan)).catch(() => undefined);
      }
    } else if (s === 'interrupted' && this.watchedSince !== null && this.downSince === null) {
      this.downSince = this.serverNow();
    }
  }

  private async rebuild(since: number, plan: ReturnType<typeof planGap>) {
    // Balances have no history to walk: the current ones are read again.
    if (this.offAssets)
      void this.qc.invalidateQueries({ queryKey: qk.balance(this.profileId, this.accountSeq) });
    if (!this.offs) return;
    const result = await rebuildAfterGap({
      qc: this.qc,
      profileId: this.profileId,
      accountSeq: this.accountSeq,
      symbols: this.watched(),
      startTime: plan.startTime,
      orders: (symbol, rows) => this.applyOrders(symbol, rows, 'backfill'),
      fills: (symbol, fills) => this.applyFills(symbol, fills, 'backfill'),
    });
    if (!plan.viable) this.setNotice({ kind: 'tooOld', since });
    else if (result.failedCode) this.setNotice({ kind: 'failed', since, code: result.failedCode });
    else if (!result.complete) this.setNotice({ kind: 'incomplete', since });
  }

  private setNotice(n: GapNotice | null) {
    this.notice = n;
    for (const cb of this.noticeListeners) cb();
  }

  private onAssetFrame(frame: Frame) {
    const u = readChannel('myAsset', frame);
    if (!u) return;
    rememberAssets(assetsKey(this.profileId, this.accountSeq), u.assets);
    this.qc.setQueryData<Balance[]>(qk.balance(this.profileId, this.accountSeq), (old) =>
      old ? mergeAssets(old, u.assets) : old,
    );
    // Funding lists (main account only) have no stream: a balance change may have touched them.
    if (this.accountSeq === 1 && !this.fundingTimer) {
      this.fundingTimer = setTimeout(() => {
        this.fundingTimer = null;
        invalidateFunding(this.qc, this.profileId);
      }, 250);
    }
  }

  private onOrderFrame(frame: Frame) {
    const u = readChannel('myOrder', frame);
    if (!u) return;
    const { by, lost } = groupBySymbol(u.orders);
    // A row without its pair cannot be placed: reload this account's lists instead.
    if (lost.length)
      void this.qc.invalidateQueries({ queryKey: qk.account(this.profileId, this.accountSeq) });
    for (const [symbol, rows] of by) {
      rememberOrderUpdates(recentKey(this.profileId, this.accountSeq, symbol), rows);
      this.applyOrders(symbol, rows, 'stream');
    }
  }

  private onTradeFrame(frame: Frame) {
    const u = readChannel('myTrade', frame);
    if (!u) return;
    const { by, lost } = groupBySymbol(u.trades);
    if (lost.length) {
      void this.qc.invalidateQueries({ queryKey: qk.account(this.profileId, this.accountSeq) });
      this.tell(
        lost.map((t) => fillFromRow(t, '')),
        'stream',
      );
    }
    for (const [symbol, rows] of by)
      this.applyFills(
        symbol,
        rows.map((t) => fillFromRow(t, symbol)),
        'stream',
      );
  }

  /**
   * Order rows of one pair: the open-orders entry, the history's staleness, the followers. A backfill's
   * REST rows may lag the stream, so only their final states touch the entry (the open set comes from
   * the fresh openOrders snapshot).
   */
  private applyOrders(symbol: string, rows: readonly OrderRow[], origin: FillOrigin) {
    const mine = rows.map((r) => ({ ...r, symbol }));
    const key = qk.openOrders(this.profileId, this.accountSeq, symbol);
    const write = origin === 'stream' ? mine : mine.filter((r) => isFinalStatus(r.status));
    if (write.length && (this.symbols.has(symbol) || this.qc.getQueryData(key) !== undefined))
      this.qc.setQueryData<OpenOrder[]>(key, (old) => applyOrderRows(old, write));
    // allOrders has no stream and lags upstream: mark it stale so the history tab reloads when shown.
    void this.qc.invalidateQueries({
      queryKey: qk.allOrdersPrefix(this.profileId, this.accountSeq, symbol),
      refetchType: 'none',
    });
    emitOrderUpdates(mine);
  }

  /** Fills of one pair (stream or REST): merged into the loaded fills entry, and told when new. */
  private applyFills(symbol: string, fills: readonly MyTrade[], origin: FillOrigin) {
    this.qc.setQueryData<MyTrade[]>(qk.myTrades(this.profileId, this.accountSeq, symbol), (old) =>
      old ? mergeFills(old, fills) : old,
    );
    this.tell(fills, origin);
  }

  private tell(fills: readonly MyTrade[], origin: FillOrigin) {
    const fresh = this.seen.takeNew(fills);
    if (!fresh.length) return;
    if (this.fillListeners.size === 0) {
      this.unheard.push({ fills: fresh, origin, at: Date.now() });
      if (this.unheard.length > UNHEARD_MAX) this.unheard.shift();
      return;
    }
    for (const cb of this.fillListeners) cb(fresh, origin);
  }
}
