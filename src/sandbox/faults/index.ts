/**
 * Fault injection. Off by default; switched on per endpoint class (the rate-limit class:
 * 'public' | 'order' | 'cancel' | 'funding' | 'private', or '*' for all) as probabilities or
 * one-shots (`count`: the next N matching requests). Every injected fault is logged and counted.
 *
 * The REST pipeline calls, for every /v2 request:
 *   const f = await ctx.faults.beforeRequest(endpointClass, req)   // before auth and handler
 *   ... handler runs and commits ...
 *   const g = ctx.faults.afterCommit(endpointClass)                 // after the commit, before responding
 * 'drop' destroys the socket without a response; {status} answers with an error envelope of that
 * status (429 carries `retryAfterSec` for the Retry-After header).
 *
 * The WebSocket side (ws/) asks `wsFrameFault(kind)` before each frame and listens to
 * `onWsAction` for immediate drops and stalls triggered through the admin API.
 *
 * Note to the REST engineer: the stub's signatures are kept; `FaultAction`'s object form gained
 * optional fields (`retryAfterSec`, `code`), which is compatible.
 */
import type { IncomingMessage } from 'node:http';
import { Rng } from '../market/prng.js';
import { type FaultConfig, type FaultRule, parseFaultConfig, type WsTarget } from './config.js';

export type { FaultConfig, FaultRule, WsTarget } from './config.js';
export { parseFaultConfig } from './config.js';

export type FaultAction = 'drop' | { status: number; retryAfterSec?: number; code?: string } | null;

export interface FaultInjectorOptions {
  seed?: number;
  log?: (line: string) => void;
  now?: () => number;
  /**
   * Share (0..1) of GET reads, /v2/time excepted, answered 503 SERVICE_UNAVAILABLE (the sandbox
   * profile's `readFailShare`, read on every request so admin changes apply at once). Not part of
   * the fault config: `faults reset` leaves it alone.
   */
  readFailShare?: () => number;
}

export interface FaultEvent {
  at: number;
  kind: string;
  target: string;
  detail?: string;
}

export type WsAction =
  | { action: 'drop'; target: WsTarget }
  | { action: 'stall'; target: WsTarget; ms: number };

export interface FaultState {
  config: FaultConfig;
  counts: Record<string, number>;
  total: number;
  recent: FaultEvent[];
}

const RECENT_MAX = 200;

function emptyConfig(): FaultConfig {
  return { classes: {}, ws: {}, clockSkewMs: 0 };
}

export class FaultInjector {
  private config: FaultConfig = emptyConfig();
  private counts = new Map<string, number>();
  private recent: FaultEvent[] = [];
  private burstLeft = new Map<string, number>();
  private readonly rng: Rng;
  private readonly log: (line: string) => void;
  private readonly wallNow: () => number;
  private wsListeners = new Set<(a: WsAction) => void>();
  private readonly readFailShare: () => number;

  constructor(opts: FaultInjectorOptions = {}) {
    this.rng = new Rng((opts.seed ?? 1) ^ 0x5eed);
    this.log = opts.log ?? (() => {});
    this.wallNow = opts.now ?? Date.now;
    this.readFailShare = opts.readFailShare ?? (() => 0);
  }

  // ---- control API (admin HTTP routes and CLI) ----

  /** Merges a partial config (JSON from the admin API). Invalid input changes nothing. */
  configure(input: unknown): { ok: true; state: FaultState } | { ok: false; reason: string } {
    const parsed = parseFaultConfig(input, this.config);
    if (!parsed.ok) return parsed;
    this.config = parsed.value;
    for (const cls of Object.keys(this.config.classes)) {
      if (!this.config.classes[cls]?.rateLimit) this.burstLeft.delete(cls);
    }
    this.log(`faults: configured ${JSON.stringify(this.config)}`);
    return { ok: true, state: this.state() };
  }

  /** Switches every fault off (counters are kept unless resetCounters). */
  reset(opts: { resetCounters?: boolean } = {}): FaultState {
    this.config = emptyConfig();
    this.burstLeft.clear();
    if (opts.resetCounters) {
      this.counts.clear();
      this.recent = [];
    }
    this.log('faults: reset (all off)');
    return this.state();
  }

  state(): FaultState {
    let total = 0;
    const counts: Record<string, number> = {};
    for (const [k, v] of this.counts) {
      counts[k] = v;
      if (!k.includes(':')) total += v;
    }
    return { config: structuredClone(this.config), counts, total, recent: [...this.recent] };
  }

  /** Count of one fault kind, optionally for one target (e.g. count('latency', 'order')). */
  count(kind: string, target?: string): number {
    return this.counts.get(target ? `${kind}:${target}` : kind) ?? 0;
  }

  /** Immediate WebSocket fault: drop or stall every connection of a target now. */
  triggerWs(action: WsAction): number {
    this.record(action.action === 'drop' ? 'wsDrop' : 'wsStall', `ws-${action.target}`, 'admin trigger');
    let n = 0;
    for (const l of this.wsListeners) {
      l(action);
      n++;
    }
    return n;
  }

  onWsAction(listener: (a: WsAction) => void): () => void {
    this.wsListeners.add(listener);
    return () => this.wsListeners.delete(listener);
  }

  // ---- hooks used by the REST pipeline ----

  async beforeRequest(endpointClass: string, req?: IncomingMessage): Promise<FaultAction> {
    const latency = this.ruleFor(endpointClass, 'latency');
    if (latency && this.fires(latency.rule, latency.key)) {
      const ms = Math.max(0, (latency.rule.ms ?? 500) + (latency.rule.jitterMs ?? 0) * this.rng.next());
      this.record('latency', endpointClass, `${Math.round(ms)} ms`);
      await new Promise((r) => setTimeout(r, ms));
    }
    const drop = this.ruleFor(endpointClass, 'drop');
    if (drop && this.fires(drop.rule, drop.key)) {
      this.record('drop', endpointClass, 'connection dropped before processing');
      return 'drop';
    }
    const left = this.burstLeft.get(endpointClass) ?? 0;
    const rl = this.ruleFor(endpointClass, 'rateLimit');
    if (left > 0 || (rl && this.fires(rl.rule, rl.key))) {
      const remaining = left > 0 ? left - 1 : Math.max(0, (rl?.rule.burst ?? 5) - 1);
      this.burstLeft.set(endpointClass, remaining);
      this.record('rateLimit', endpointClass, `429 (burst, ${remaining} left)`);
      return { status: 429, retryAfterSec: rl?.rule.retryAfterSec ?? 1, code: 'TOO_MANY_REQUESTS' };
    }
    const err = this.ruleFor(endpointClass, 'error');
    if (err && this.fires(err.rule, err.key)) {
      const status = err.rule.status ?? 503;
      this.record('error', endpointClass, `${status} before processing`);
      return { status };
    }
    return this.readFail(endpointClass, req);
  }

  /** The profile's share of failed reads: GET only, never /v2/time (the clock check must work). */
  private readFail(endpointClass: string, req?: IncomingMessage): FaultAction {
    const share = this.readFailShare();
    if (share <= 0 || req?.method !== 'GET') return null;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    if ((q < 0 ? url : url.slice(0, q)) === '/v2/time') return null;
    if (this.rng.next() >= share) return null;
    this.record('readFail', endpointClass, '503 (profile readFailShare)');
    return { status: 503, code: 'SERVICE_UNAVAILABLE' };
  }

  afterCommit(endpointClass: string): FaultAction {
    const ac = this.ruleFor(endpointClass, 'afterCommit');
    if (!ac || !this.fires(ac.rule, ac.key)) return null;
    if (ac.rule.mode === 'drop') {
      this.record('afterCommitDrop', endpointClass, 'committed, connection dropped');
      return 'drop';
    }
    const status = ac.rule.status ?? 500;
    this.record('afterCommitError', endpointClass, `committed, answered ${status}`);
    return { status };
  }

  clockSkewMs(): number {
    return this.config.clockSkewMs;
  }

  // ---- hooks used by the WebSocket side ----

  /**
   * Asked before sending a frame. Returns 'drop' (close the connection), a stall in ms, 'skip'
   * (public frames only: drop this frame), or null.
   */
  wsFrameFault(target: 'public' | 'private'): 'drop' | 'skip' | { stallMs: number } | null {
    const ws = this.config.ws;
    const key = `ws-${target}`;
    const drop = ws.drop;
    if (drop && (drop.target ?? 'all') !== (target === 'public' ? 'private' : 'public')) {
      if (this.fires(drop, 'ws.drop')) {
        this.record('wsDrop', key);
        return 'drop';
      }
    }
    const stall = ws.stall;
    if (stall && (stall.target ?? 'all') !== (target === 'public' ? 'private' : 'public')) {
      if (this.fires(stall, 'ws.stall')) {
        const ms = stall.ms ?? 3000;
        this.record('wsStall', key, `${ms} ms`);
        return { stallMs: ms };
      }
    }
    if (target === 'public' && ws.publicFrameDrop && this.fires(ws.publicFrameDrop, 'ws.publicFrameDrop')) {
      this.record('publicFrameDrop', key);
      return 'skip';
    }
    return null;
  }

  /** Records a fault that the WS side carried out on its own (e.g. a slow-consumer close). */
  record(kind: string, target: string, detail?: string): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    this.counts.set(`${kind}:${target}`, (this.counts.get(`${kind}:${target}`) ?? 0) + 1);
    const ev: FaultEvent = { at: this.wallNow(), kind, target, ...(detail ? { detail } : {}) };
    this.recent.push(ev);
    if (this.recent.length > RECENT_MAX) this.recent.splice(0, this.recent.length - RECENT_MAX);
    this.log(`fault injected: ${kind} on ${target}${detail ? ` (${detail})` : ''}`);
  }

  // ---- internals ----

  private ruleFor(
    cls: string,
    kind: 'latency' | 'drop' | 'rateLimit' | 'error' | 'afterCommit',
  ): { rule: FaultRule; key: string } | null {
    const own = this.config.classes[cls]?.[kind];
    if (own) return { rule: own, key: `${cls}.${kind}` };
    const all = this.config.classes['*']?.[kind];
    if (all) return { rule: all, key: `*.${kind}` };
    return null;
  }

  /** Decides whether a rule fires now; one-shot counts are consumed. */
  private fires(rule: FaultRule, _key: string): boolean {
    if (rule.count !== undefined) {
      if (rule.count <= 0) return false;
      rule.count--;
      return true;
    }
    const p = rule.probability ?? 0;
    return p > 0 && this.rng.next() < p;
  }
}
