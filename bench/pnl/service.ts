// The investment results as `GET /api/pnl` computes them after a new fill: the proxy's ledger store on
// disk (ledger.sqlite) holding the bench's history, the fill committed the way the sync commits a page
// (LedgerStore.commit), then the route's own call (ledger/report.ts pnlReport) for today. Baseline in the same run: the
// engine's appendToIndex alone on an index of the same size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { kstDayStart } from '../../src/core/desk/dayPnl.js';
import type { LedgerEvent } from '../../src/core/pnl/types.js';
import type { Forwarder } from '../../src/proxy/forward/forwarder.js';
import type { LedgerRecord } from '../../src/proxy/ledger/records.js';
import { pnlReport } from '../../src/proxy/ledger/report.js';
import { LedgerService } from '../../src/proxy/ledger/service.js';
import { LedgerStore } from '../../src/proxy/ledger/store.js';
import type { LedgerSync } from '../../src/proxy/ledger/sync.js';
import { markListsRead } from '../../src/proxy/ledger/testing/readLists.js';
import { against, type Row, row } from '../results.js';

const OWNER = 'bench-owner';
const PROFILE = 'bench';

/** The engine's event as the exchange's list row it came from (the other side of a transfer too). */
function records(e: LedgerEvent): { seq: number; record: LedgerRecord }[] {
  switch (e.kind) {
    case 'trade':
      return [
        {
          seq: e.accountSeq,
          record: {
            kind: 'trade',
            symbol: e.symbol,
            tradeId: e.tradeId ?? e.id,
            orderId: e.orderId ?? e.tradeId ?? e.id,
            side: e.side,
            price: e.price,
            qty: e.qty,
            amt: '',
            feeCurrency: e.feeCurrency,
            feeQty: e.fee,
            isTaker: true,
            ts: e.at,
          },
        },
      ];
    case 'deposit':
      return [
        {
          seq: e.accountSeq,
          record: {
            kind: 'krwDeposit',
            id: e.id.split(':').pop() ?? e.id,
            currency: e.currency,
            quantity: e.amount,
            status: 'done',
            ts: e.at,
          },
        },
      ];
    case 'transfer': {
      const base = {
        kind: 'transfer' as const,
        transferId: e.id.split(':').pop() ?? e.id,
        fromAccountSeq: e.fromAccountSeq,
        toAccountSeq: e.toAccountSeq,
        currency: e.currency,
        amount: e.amount,
        status: 'done',
        ts: e.at,
      };
      return [
        { seq: e.fromAccountSeq, record: { ...base, direction: 'out' } },
        { seq: e.toAccountSeq, record: { ...base, direction: 'in' } },
      ];
    }
    default:
      return [];
  }
}

/** A ledger store with the history written account by account, every list read up to the end. */
export function populatedStore(events: readonly LedgerEvent[], accounts: number, until: number) {
  const dir = mkdtempSync(join(tmpdir(), 'kapi-bench-ledger-'));
  const store = new LedgerStore(dir);
  const known = Array.from({ length: accounts }, (_, i) => ({
    owner: OWNER,
    accountSeq: i + 1,
    profileId: PROFILE,
  }));
  store.setAccounts(known);
  const per = new Map<number, LedgerRecord[]>();
  for (const e of events)
    for (const r of records(e)) {
      const list = per.get(r.seq) ?? [];
      list.push(r.record);
      per.set(r.seq, list);
    }
  const first = events.reduce((m, e) => Math.min(m, e.at), Number.POSITIVE_INFINITY);
  for (const a of known) {
    const rows = per.get(a.accountSeq) ?? [];
    for (let i = 0; i < rows.length; i += 5000) store.commit(OWNER, a.accountSeq, rows.slice(i, i + 5000));
    markListsRead(store, OWNER, a.accountSeq, first, until);
  }
  const permissions = new Set(['readOrders', 'readDeposits', 'readWithdrawals', 'readTransfers']);
  const sync = { accounts: known.map((a) => ({ ...a, permissions })), runtime: new Map() };
  return { store, dir, sync: sync as unknown as LedgerSync };
}

/**
 * The exchange as the service reads it: every account holds KRW and each coin (its balance answer, which
 * also sets what the ledger treats as held at zero); no tickers or candles (prices from the fills).
 */
const exchange = {
  execute: async (req: { path: string }) => ({
    status: 200,
    envelope: {
      success: true,
      data:
        req.path === '/v2/balance'
          ? ['krw', 'btc', 'eth', 'xrp'].map((currency) => ({ currency, balance: '1', avgPrice: '0' }))
          : [],
    },
  }),
} as unknown as Forwarder;

/**
 * Baseline: the index built at once by another service over the same store (what the first answer did
 * before it was built in slices): the proxy's thread is held for all of it. Wall and CPU ms; the service
 * is let go before the sliced build runs.
 */
async function builtAtOnce(once: LedgerService): Promise<Row[]> {
  await once.exchangeAvgPrices('all'); // the holdings (no event read yet)
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  once.index();
  const c = process.cpuUsage(c0);
  return [
    row('baseline: the first index built at once, thread held', 'ms', [performance.now() - t0]),
    row('  same, CPU time', 'ms cpu', [(c.user + c.system) / 1000]),
  ];
}

/**
 * Rows: the first answer (the index built from the store, in slices) and the longest stall of the thread
 * meanwhile against the same build at once; then the answer after each new fill, wall and CPU ms, against
 * the engine's append alone (`appendBaseline`, from the same run).
 */
export async function benchPnlService(
  events: readonly LedgerEvent[],
  accounts: number,
  now: number,
  rounds: number,
  appendBaseline: Row,
): Promise<Row[]> {
  const { store, dir, sync } = populatedStore(events, accounts, now);
  // new fills come after every stored one (a fill reaching back in time is a rebuild, by design)
  let clock = Math.max(now, ...events.map((e) => e.at)) + 1000;
  const svc = new LedgerService(store, sync, exchange, undefined, () => clock);
  const out: Row[] = [];
  const held = await builtAtOnce(new LedgerService(store, sync, exchange, undefined, () => clock));
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const c0 = process.cpuUsage();
  await pnlReport(svc, { from: kstDayStart(clock), to: clock, scope: 'all', arrived: clock }, () => clock);
  const c = process.cpuUsage(c0);
  loop.disable();
  out.push(
    row('GET /api/pnl (today), first: index from ledger.sqlite', 'ms cpu', [(c.user + c.system) / 1000]),
    ...held,
    against(
      row('  longest stall of the thread meanwhile (built in slices)', 'ms', [loop.max / 1e6]),
      held[0] as Row,
      false,
    ),
  );
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let n = 0; n < rounds; n++) {
    clock += 1000;
    const seq = 1 + (n % accounts);
    const record: LedgerRecord = {
      kind: 'trade',
      symbol: 'btc_krw',
      tradeId: `svc${n}`,
      orderId: `svc${n}`,
      side: 'buy',
      price: '100000000',
      qty: '0.001',
      amt: '100000',
      feeCurrency: 'krw',
      feeQty: '50',
      isTaker: true,
      ts: clock - 500,
    };
    const t0 = performance.now();
    const u0 = process.cpuUsage();
    store.commit(OWNER, seq, [record]);
    await pnlReport(svc, { from: kstDayStart(clock), to: clock, scope: 'all', arrived: clock }, () => clock);
    const u = process.cpuUsage(u0);
    wall.push(performance.now() - t0);
    cpu.push((u.user + u.system) / 1000);
    if (!svc.index().index.seen.has(`${PROFILE}\u0000trade:btc_krw:svc${n}:svc${n}`))
      throw new Error('bench: the new fill is not in the index');
  }
  const r = row('GET /api/pnl (today) after each new fill', 'ms', wall);
  // below 1: slower than the engine's append alone, by what the service adds around it
  const rc = against(row('  same, CPU time', 'ms cpu', cpu), appendBaseline, false);
  out.push(r, rc);
  store.close();
  rmSync(dir, { recursive: true, force: true });
  return out;
}
