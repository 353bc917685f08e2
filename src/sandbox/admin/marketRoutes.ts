/** Admin operations on markets, the simulation, faults and open orders. */
import type { TickRange } from '../types.js';
import { privateRefusal } from '../ws/refusal.js';
import { AdminError, type AdminRoute, bad, dec, mkt, n, os, s, saveMarket, strList, user } from './input.js';

export const marketAdminRoutes: AdminRoute[] = [
  {
    method: 'POST',
    path: '/admin/market/price',
    handle: (sbx, i) => {
      const m = mkt(sbx, i);
      const price = dec(i, 'price', false);
      sbx.exchange.setReferencePrice(m.symbol, price);
      sbx.market?.setPrice(m.symbol, price);
      if (i.print !== false && i.print !== 'false') {
        sbx.exchange.importHistory(m.symbol, [
          { timestamp: sbx.now(), price, qty: '0.0001', isBuyerTaker: true },
        ]);
        const t = sbx.exchange.getTrades(m.symbol, 1)[0];
        if (t) sbx.bus.emit('trade', { symbol: m.symbol, trade: t });
      }
      return sbx.markets.get(m.symbol);
    },
  },
  {
    method: 'POST',
    path: '/admin/market/status',
    handle: (sbx, i) => {
      const st = s(i, 'status');
      if (st !== 'launched' && st !== 'stopped') throw bad('status must be launched or stopped.');
      return saveMarket(sbx, { ...mkt(sbx, i), status: st });
    },
  },
  {
    method: 'POST',
    path: '/admin/market/bounds',
    handle: (sbx, i) => {
      const m = { ...mkt(sbx, i) };
      for (const k of ['minOrderValue', 'maxOrderValue'] as const) {
        if (i[k] === null) delete m[k];
        else if (i[k] !== undefined) m[k] = dec(i, k);
      }
      return saveMarket(sbx, m);
    },
  },
  {
    method: 'POST',
    path: '/admin/market/tickPolicy',
    handle: (sbx, i) => {
      const m = { ...mkt(sbx, i) };
      const pol = i.tickSizePolicy;
      if (!Array.isArray(pol) || pol.length === 0) throw bad('tickSizePolicy must be a non-empty array.');
      m.tickSizePolicy = pol.map((r: unknown) => {
        const x = r as Record<string, unknown>;
        return { priceGte: dec(x, 'priceGte'), tickSize: dec(x, 'tickSize', false) } as TickRange;
      });
      const lv = strList(i, 'orderbookLevels');
      if (lv) m.orderbookLevels = lv;
      return saveMarket(sbx, m);
    },
  },
  {
    method: 'POST',
    path: '/admin/market/fees',
    handle: (sbx, i) => {
      const targets = i.symbol === undefined ? sbx.markets.list() : [mkt(sbx, i)];
      return targets.map((t) => {
        const m = { ...t };
        if (i.makerFeeRate !== undefined) m.makerFeeRate = dec(i, 'makerFeeRate');
        if (i.takerFeeRate !== undefined) m.takerFeeRate = dec(i, 'takerFeeRate');
        return saveMarket(sbx, m);
      });
    },
  },
  {
    method: 'POST',
    path: '/admin/openOrderLimit',
    handle: (sbx, i) => {
      const limit = n(i, 'limit');
      if (limit === undefined || limit < 0) throw bad('limit must be a non-negative integer.');
      sbx.trading.openOrderLimit = limit;
      sbx.store.setMeta('openOrderLimit', String(limit));
      return { openOrderLimit: limit };
    },
  },
  {
    method: 'GET',
    path: '/admin/market/sim',
    handle: (sbx) => ({ pairs: sbx.market?.status() ?? [] }),
  },
  {
    method: 'POST',
    path: '/admin/market/sim',
    handle: (sbx, i) => {
      if (!sbx.market)
        throw new AdminError({
          status: 409,
          code: 'SIMULATION_OFF',
          description: 'Started with simulate:false.',
        });
      const m = mkt(sbx, i);
      const on = i.enabled === true || i.enabled === 'true';
      return { symbol: m.symbol, enabled: sbx.market.setSimulated(m.symbol, on) && on };
    },
  },
  { method: 'GET', path: '/admin/faults', handle: (sbx) => sbx.faults.state() },
  {
    method: 'POST',
    path: '/admin/faults',
    handle: (sbx, i) => {
      const r = sbx.faults.configure(i);
      if (!r.ok) throw bad(r.reason);
      return r.state;
    },
  },
  {
    method: 'POST',
    path: '/admin/faults/reset',
    handle: (sbx, i) =>
      sbx.faults.reset({ resetCounters: i.resetCounters === true || i.resetCounters === 'true' }),
  },
  {
    method: 'POST',
    path: '/admin/faults/ws',
    handle: (sbx, i) => {
      const action = s(i, 'action');
      const target = s(i, 'target');
      if (target !== 'public' && target !== 'private' && target !== 'all')
        throw bad('target must be public, private or all.');
      if (action === 'drop') return { affected: sbx.faults.triggerWs({ action: 'drop', target }) };
      if (action === 'stall')
        return { affected: sbx.faults.triggerWs({ action: 'stall', target, ms: n(i, 'ms') ?? 5000 }) };
      throw bad('action must be drop or stall.');
    },
  },
  { method: 'GET', path: '/admin/ws/refusePrivate', handle: (sbx) => privateRefusal(sbx.faults).state() },
  {
    method: 'POST',
    path: '/admin/ws/refusePrivate',
    handle: (sbx, i) => {
      const r = privateRefusal(sbx.faults);
      const problem = r.set(i.code, i.count);
      if (problem) throw bad(problem);
      return r.state();
    },
  },
  {
    method: 'POST',
    path: '/admin/cancelAll',
    handle: (sbx, i) => ({
      canceled: sbx.exchange.cancelAll(user(sbx, i), n(i, 'accountSeq'), os(i, 'symbol')),
    }),
  },
];
