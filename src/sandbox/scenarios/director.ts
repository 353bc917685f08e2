// Runs a demo scenario on a live sandbox: every 500 ms it moves the driven pairs' prices along the
// scenario's path (through the same reference-price path as POST /admin/market/price, so the
// simulated market follows), switches pair status, applies faults and WebSocket actions.
// One director per sandbox; starting a scenario ends the previous one (faults reset, pairs relaunched).

import type { ScenarioName, ScenarioState } from '../../core/scenarios.js';
import { snapToTick } from '../../core/tick.js';
import type { SbxInternals } from '../internals.js';
import { type PricePath, recordedPaths, repoPath } from './recorded.js';
import { type ScenarioSpec, scenarioSpec } from './regimes.js';

export const TICK_MS = 500;

export class ScenarioDirector {
  private spec: ScenarioSpec | null = null;
  /** Per-pair paths of a recorded scenario (`replay`). */
  private recorded: Map<string, PricePath> | null = null;
  private startedAt = 0;
  private anchors = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = new Set<string>();
  private wsDone = new Set<number>();

  constructor(
    private readonly sbx: SbxInternals,
    private readonly opts: { autoTick?: boolean } = {},
  ) {}

  state(): ScenarioState {
    if (!this.spec) return { name: null, caption: null, startedAt: null };
    return {
      name: this.spec.name,
      caption: this.spec.caption,
      startedAt: this.startedAt,
      ...(this.spec.focus ? { focus: this.spec.focus } : {}),
    };
  }

  start(name: ScenarioName, focus?: string): ScenarioState {
    this.stop();
    const spec = scenarioSpec(name, focus);
    if (spec.focus && !this.sbx.markets.get(spec.focus)) throw new Error(`unknown pair ${spec.focus}`);
    this.recorded = spec.recording ? recordedPaths(repoPath(spec.recording)) : null; // throws RECORDING_INVALID
    this.spec = spec;
    this.startedAt = Date.now();
    this.anchors.clear();
    for (const m of this.sbx.markets.list()) {
      const last = this.sbx.exchange.getTrades(m.symbol, 1)[0]?.price ?? m.referencePrice;
      this.anchors.set(m.symbol, Number(last));
    }
    if (spec.faults) {
      const r = this.sbx.faults.configure(spec.faults);
      if (!r.ok) this.sbx.log(`scenario ${name}: faults refused: ${r.reason}`);
    }
    this.sbx.log(`scenario: ${name} started`);
    this.tick(0);
    if (this.opts.autoTick !== false) {
      this.timer = setInterval(() => this.tick((Date.now() - this.startedAt) / 1000), TICK_MS);
      this.timer.unref();
    }
    return this.state();
  }

  /** Ends the scenario: faults off, stopped pairs relaunched; prices stay where they are. */
  stop(): ScenarioState {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.spec) {
      if (this.spec.faults || this.spec.wsActions) this.sbx.faults.reset();
      for (const s of this.stopped) this.setStatus(s, 'launched');
      this.sbx.log(`scenario: ${this.spec.name} ended`);
    }
    this.stopped.clear();
    this.wsDone.clear();
    this.spec = null;
    return this.state();
  }

  /** One step at `t` seconds into the scenario (the timer calls it; tests call it directly). */
  tick(t: number): void {
    const spec = this.spec;
    if (!spec) return;
    try {
      if (spec.focus && spec.stoppedUntilSec !== undefined) {
        const shouldStop = t < spec.stoppedUntilSec;
        if (shouldStop && !this.stopped.has(spec.focus)) {
          this.setStatus(spec.focus, 'stopped');
          this.stopped.add(spec.focus);
        } else if (!shouldStop && this.stopped.has(spec.focus)) {
          this.setStatus(spec.focus, 'launched');
          this.stopped.delete(spec.focus);
        }
      }
      spec.wsActions?.forEach((a, i) => {
        if (t >= a.atSec && !this.wsDone.has(i)) {
          this.wsDone.add(i);
          this.sbx.faults.triggerWs(
            a.action === 'stall'
              ? { action: 'stall', target: 'all', ms: a.ms ?? 5000 }
              : { action: 'drop', target: 'all' },
          );
        }
      });
      for (const m of this.sbx.markets.list()) {
        if (spec.skip?.includes(m.symbol) || this.stopped.has(m.symbol)) continue;
        const path =
          this.recorded?.get(m.symbol) ??
          (spec.focus ? (m.symbol === spec.focus ? spec.path : spec.pathOthers) : spec.path);
        const anchor = this.anchors.get(m.symbol);
        if (!path || !anchor) continue;
        this.movePrice(m.symbol, m.tickSizePolicy, anchor * path(t));
      }
    } catch (e) {
      this.sbx.log(`scenario ${spec.name}: step failed: ${(e as Error).message}`);
    }
  }

  private movePrice(symbol: string, policy: Parameters<typeof snapToTick>[0], target: number): void {
    if (!Number.isFinite(target) || target <= 0) return;
    const price = snapToTick(policy, target.toFixed(8), 'nearest');
    if (Number(price) <= 0) return;
    this.sbx.exchange.setReferencePrice(symbol, price);
    this.sbx.market?.setPrice(symbol, price);
    // print a tiny trade at the new price (like POST /admin/market/price): tickers and charts show
    // the move at once, and the simulated takers, who follow trades, do not pull the price back
    this.sbx.exchange.importHistory(symbol, [
      { timestamp: this.sbx.now(), price, qty: '0.0001', isBuyerTaker: true },
    ]);
    const tr = this.sbx.exchange.getTrades(symbol, 1)[0];
    if (tr) this.sbx.bus.emit('trade', { symbol, trade: tr });
  }

  private setStatus(symbol: string, status: 'launched' | 'stopped'): void {
    const m = this.sbx.markets.get(symbol);
    if (m && m.status !== status) this.sbx.exchange.updateMarket({ ...m, status });
  }
}

const directors = new WeakMap<SbxInternals, ScenarioDirector>();

export function directorFor(sbx: SbxInternals, opts?: { autoTick?: boolean }): ScenarioDirector {
  let d = directors.get(sbx);
  if (!d) {
    d = new ScenarioDirector(sbx, opts);
    directors.set(sbx, d);
  }
  return d;
}
