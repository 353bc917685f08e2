// The desk service of the proxy: equity snapshots (sampler + store), the kill switch and the
// scenario relay to a sandbox upstream. Created by createProxy, routed under /api/desk/.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DAY_MS, dayPnl, kstDayStart, opensAtMidnight } from '../../core/desk/dayPnl.js';
import type { DeskEquity, KillTarget } from '../../core/proxyApi/desk.js';
import { EquitySampler } from '../equity/sampler.js';
import { DeskStore } from '../equity/store.js';
import { ProxyError } from '../errors.js';
import type { Forwarder } from '../forward/forwarder.js';
import { readJsonObject } from '../http/body.js';
import type { RequestUrl } from '../http/requestUrl.js';
import { sendError, sendJson } from '../http/respond.js';
import type { Keystore } from '../keystore/store.js';
import { KillSwitch } from '../killswitch/killswitch.js';
import type { Logger } from '../log.js';
import type { Upstream } from '../upstreams.js';
import { relayScenario } from './scenarioRelay.js';

export interface DeskOptions {
  configDir: string;
  keystore: Keystore;
  forwarder: Forwarder;
  upstream: Upstream;
  log: Logger;
  samplePeriodMs?: number;
}

/** The ledger's equity of an account at a KST day start (null while it cannot say; see ledger/openings.ts). */
export type OpeningEstimator = (owner: string, accountSeq: number, dayStart: number) => string | null;

export class Desk {
  readonly store: DeskStore;
  readonly sampler: EquitySampler;
  readonly killSwitch: KillSwitch;
  private estimator: OpeningEstimator | null = null;

  constructor(private readonly o: DeskOptions) {
    this.store = new DeskStore(o.configDir);
    this.sampler = new EquitySampler({ ...o, store: this.store, periodMs: o.samplePeriodMs });
    this.killSwitch = new KillSwitch({ ...o, store: this.store });
  }

  start(): void {
    this.sampler.start();
  }

  /** Where the day's opening comes from when the proxy took no snapshot at 00:00 (the ledger, once made). */
  takeOpeningsFrom(estimator: OpeningEstimator): void {
    this.estimator = estimator;
  }

  close(): void {
    this.sampler.stop();
    this.store.close();
  }

  /** Snapshots since the KST day start (plus the opening one, if from about 00:00), today's flows and the day P&L. */
  equity(now = Date.now()): DeskEquity {
    const dayStart = kstDayStart(now);
    const accounts = this.sampler.accounts.map((a) => {
      // a snapshot from well before midnight (the proxy was stopped) does not open the day
      const before = this.store.pointAtOrBefore(a.owner, a.accountSeq, dayStart);
      const opening = before && opensAtMidnight(before.ts, dayStart) ? before : null;
      const today = this.store.points(a.owner, a.accountSeq, dayStart + 1);
      const points = opening ? [opening, ...today] : today;
      const flows = this.store.flows(a.owner, a.accountSeq, dayStart - DAY_MS);
      const estimate = opening ? null : (this.estimator?.(a.owner, a.accountSeq, dayStart) ?? null);
      const day = dayPnl({ points, flows, now, unread: a.unread, estimatedOpening: estimate });
      return { ...a, points, flows, ...(estimate !== null ? { openingEstimateKrw: estimate } : {}), day };
    });
    return {
      now,
      dayStart,
      periodMs: this.sampler.periodMs,
      lastSampleAt: this.sampler.lastSampleAt,
      accounts,
    };
  }

  async handle(req: IncomingMessage, res: ServerResponse, url: RequestUrl): Promise<void> {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    if (path === '/api/desk/equity' && method === 'GET') return sendJson(res, 200, ok(this.equity()));
    if (path === '/api/desk/equity/sample' && method === 'POST') {
      await this.sampler.sample();
      return sendJson(res, 200, ok(this.equity()));
    }
    if (path === '/api/desk/killswitch' && method === 'POST') {
      const body = await readJsonObject(req);
      const targets = parseTargets(body.targets);
      const { run } = this.killSwitch.start(targets);
      return sendJson(res, 202, ok(run));
    }
    if (path === '/api/desk/killswitch' && method === 'GET') {
      return sendJson(res, 200, ok({ runs: this.killSwitch.recent(20) }));
    }
    if (path.startsWith('/api/desk/killswitch/') && method === 'GET') {
      const id = decodeURIComponent(path.slice('/api/desk/killswitch/'.length));
      const run = this.killSwitch.get(id) ?? this.killSwitch.recent(200).find((r) => r.id === id);
      if (!run) throw new ProxyError(404, 'NOT_FOUND', 'no kill switch run with that id');
      return sendJson(res, 200, ok(run));
    }
    if (path === '/api/desk/scenario') {
      if (this.o.upstream.name !== 'sandbox') {
        return sendError(res, 409, 'SANDBOX_ONLY', 'demo scenarios run only against the local sandbox');
      }
      if (method !== 'GET' && method !== 'POST')
        throw new ProxyError(405, 'METHOD_NOT_ALLOWED', 'GET or POST');
      const body = method === 'POST' ? await readJsonObject(req) : undefined;
      const r = await relayScenario(this.o.upstream.restUrl, method, body);
      return sendJson(res, r.status, r.text);
    }
    throw new ProxyError(404, 'NOT_FOUND', 'no such desk endpoint');
  }
}

const ok = (data: unknown) => ({ success: true, data });

function parseTargets(v: unknown): KillTarget[] | null {
  if (v === undefined || v === null) return null;
  if (!Array.isArray(v) || v.length > 500) throw new ProxyError(400, 'BAD_REQUEST', 'targets must be a list');
  return v.map((t) => {
    const o = t as { profileId?: unknown; accountSeq?: unknown };
    if (typeof o?.profileId !== 'string' || !Number.isInteger(o.accountSeq) || (o.accountSeq as number) < 1) {
      throw new ProxyError(
        400,
        'BAD_REQUEST',
        'each target needs profileId (string) and accountSeq (integer)',
      );
    }
    return { profileId: o.profileId, accountSeq: o.accountSeq as number };
  });
}
