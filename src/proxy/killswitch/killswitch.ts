// Kill switch: cancel every open order of the chosen accounts (default: every account of every
// profile) through the proxy's one cancel path (orders/cancel.ts: DELETE /v2/orders resent on
// TRY_AGAIN, 5xx and transport failures, then confirmed by reading the order), with progress and a
// final report. An order counts as failed only when it is still open, or its state unknown, after
// the retries and the read. Each run is journaled in the desk store (start and report) and
// summarized in the log.
import { randomUUID } from 'node:crypto';
import type { Param } from '../../core/encode.js';
import type { KillItem, KillRun, KillTarget } from '../../core/proxyApi/desk.js';
import type { DeskStore } from '../equity/store.js';
import type { Forwarder } from '../forward/forwarder.js';
import type { Keystore } from '../keystore/store.js';
import type { Logger } from '../log.js';
import { isCancelFailure, OrderCanceler } from '../orders/cancel.js';
import { readWithRetry } from '../orders/retry.js';

const PARALLEL = 6;

async function pool<T>(items: readonly T[], n: number, fn: (t: T) => Promise<void>): Promise<void> {
  let i = 0;
  const worker = async () => {
    while (i < items.length) await fn(items[i++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

export class KillSwitch {
  private readonly runs = new Map<string, KillRun>();
  private readonly canceler: OrderCanceler;

  constructor(
    private readonly o: {
      keystore: Keystore;
      forwarder: Forwarder;
      store: DeskStore;
      log: Logger;
      canceler?: OrderCanceler;
    },
  ) {
    this.canceler = o.canceler ?? new OrderCanceler(o.forwarder, { log: o.log });
  }

  private async data(path: string, params: Param[], profileId?: string) {
    const r = await readWithRetry(() => this.o.forwarder.execute({ method: 'GET', path, params, profileId }));
    if (!r.envelope.success) {
      const code = String(r.envelope.error?.message ?? `HTTP_${r.status}`);
      throw Object.assign(new Error(code), { code });
    }
    return r.envelope.data;
  }

  /** Every account of every profile, once per user (the first profile reads it). */
  async allTargets(): Promise<KillTarget[]> {
    const seen = new Set<string>();
    const out: KillTarget[] = [];
    for (const p of this.o.keystore.list()) {
      try {
        const ki = (await this.data('/v2/currentKeyInfo', [], p.id)) as {
          userUuid?: string;
          allowedAccountSeqs?: number[];
        };
        for (const seq of ki.allowedAccountSeqs ?? [1]) {
          const k = `${ki.userUuid ?? p.id}:${seq}`;
          if (seen.has(k)) continue;
          seen.add(k);
          out.push({ profileId: p.id, accountSeq: seq });
        }
      } catch (e) {
        this.o.log.warn(`kill switch: key info of profile ${p.id} failed: ${(e as Error).message}`);
      }
    }
    return out;
  }

  get(id: string): KillRun | undefined {
    return this.runs.get(id);
  }

  /** Starts a run and returns it at once; `done` resolves with the final report. */
  start(targets: KillTarget[] | null): { run: KillRun; done: Promise<KillRun> } {
    const run: KillRun = {
      id: randomUUID(),
      createdAt: Date.now(),
      state: 'listing',
      targets: targets ?? [],
      found: 0,
      items: [],
      errors: [],
    };
    this.runs.set(run.id, run);
    if (this.runs.size > 50) this.runs.delete(this.runs.keys().next().value as string);
    this.journal(run);
    this.o.log.info(`kill switch ${run.id}: started`);
    const done = this.execute(run, targets).then(
      () => run,
      (e) => {
        run.errors.push({ profileId: '', accountSeq: 0, code: (e as Error).message });
        return run;
      },
    );
    void done.finally(() => {
      run.state = 'done';
      run.finishedAt = Date.now();
      this.journal(run);
      const n = (o: KillItem['outcome']) => run.items.filter((i) => i.outcome === o).length;
      this.o.log.info(
        `kill switch ${run.id}: ${n('canceled')} canceled, ${n('alreadyClosed')} already closed, ${n('failed')} failed, ${run.errors.length} listing errors`,
      );
    });
    return { run, done };
  }

  private async execute(run: KillRun, targets: KillTarget[] | null): Promise<void> {
    if (!targets) run.targets = await this.allTargets();
    const pairs = (await this.data('/v2/currencyPairs', [])) as { symbol: string }[];
    const symbols = pairs.map((p) => p.symbol);
    const work: Omit<KillItem, 'outcome'>[] = [];
    const lists = run.targets.flatMap((t) => symbols.map((symbol) => ({ ...t, symbol })));
    await pool(lists, PARALLEL, async (l) => {
      try {
        const orders = (await this.data(
          '/v2/openOrders',
          [
            ['symbol', l.symbol],
            ['accountSeq', String(l.accountSeq)],
            ['limit', '1000'],
          ],
          l.profileId,
        )) as { orderId: number | string }[];
        for (const o of orders) work.push({ ...l, orderId: String(o.orderId) });
        run.found += orders.length;
      } catch (e) {
        run.errors.push({ ...l, code: (e as { code?: string }).code ?? (e as Error).message });
      }
    });
    run.state = 'canceling';
    this.journal(run);
    await pool(work, PARALLEL, async (w) => {
      const r = await this.canceler.cancel(w);
      const outcome: KillItem['outcome'] = isCancelFailure(r.outcome)
        ? 'failed'
        : r.outcome === 'canceled' && (r.lastCode !== 'ORDER_ALREADY_CANCELED' || r.sends > 1)
          ? 'canceled'
          : 'alreadyClosed';
      run.items.push({ ...w, outcome, ...(r.code ? { code: r.code } : {}), sends: r.sends });
    });
  }

  private journal(run: KillRun): void {
    try {
      this.o.store.db
        .prepare('INSERT OR REPLACE INTO kill_runs (id, created_at, state, report) VALUES (?, ?, ?, ?)')
        .run(run.id, run.createdAt, run.state, JSON.stringify(run));
    } catch (e) {
      this.o.log.warn(`kill switch journal write failed: ${(e as Error).message}`);
    }
  }

  /** Journaled runs, newest first. */
  recent(limit = 20): KillRun[] {
    const rows = this.o.store.db
      .prepare('SELECT report FROM kill_runs ORDER BY created_at DESC LIMIT ?')
      .all(Math.max(1, Math.min(200, limit))) as { report: string }[];
    return rows.map((r) => JSON.parse(r.report) as KillRun);
  }
}
