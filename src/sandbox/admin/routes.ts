/** Admin operations (scenario controls). Input is a JSON object; userId defaults to the demo user. */

import { parseDecimal } from '../../core/decimal.js';
import { isPermission } from '../../core/permissions.js';
import { toLedger } from '../engine/units.js';
import type { SbxInternals } from '../internals.js';
import type { MarketInfo, Permission, SbxError, TickRange } from '../types.js';

export class AdminError extends Error {
  constructor(readonly info: SbxError) {
    super(info.code);
  }
}

type In = Record<string, unknown>;
export interface AdminRoute {
  method: 'GET' | 'POST';
  path: string;
  handle(sbx: SbxInternals, input: In): unknown;
}

const bad = (description: string) => new AdminError({ status: 400, code: 'BAD_REQUEST', description });

function s(i: In, k: string): string {
  const v = i[k];
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string' || v === '') throw bad(`${k} is required (string).`);
  return v;
}
const os = (i: In, k: string) => (i[k] === undefined || i[k] === null ? undefined : s(i, k));
function n(i: In, k: string): number | undefined {
  const v = i[k];
  if (v === undefined || v === null) return undefined;
  const x = typeof v === 'string' ? Number(v) : v;
  if (typeof x !== 'number' || !Number.isSafeInteger(x)) throw bad(`${k} must be an integer.`);
  return x;
}
function dec(i: In, k: string, allowZero = true): string {
  const r = parseDecimal(s(i, k), { allowZero });
  if (!r.ok) throw bad(`${k} ${r.reason}`);
  return r.value;
}
function user(sbx: SbxInternals, i: In): number {
  const id = n(i, 'userId') ?? sbx.demoUserId;
  if (!sbx.users.userExists(id))
    throw new AdminError({ status: 404, code: 'NOT_FOUND', description: `No user ${id}.` });
  return id;
}
function mkt(sbx: SbxInternals, i: In): MarketInfo {
  const m = sbx.markets.get(s(i, 'symbol'));
  if (!m) throw new AdminError({ status: 400, code: 'INVALID_CURRENCY_PAIR', description: 'Unknown pair.' });
  return m;
}
function intList(i: In, k: string): number[] | undefined {
  const v = i[k];
  if (v === undefined) return undefined;
  const arr = typeof v === 'string' ? v.split(',').map(Number) : v;
  if (!Array.isArray(arr) || !arr.every((x) => Number.isSafeInteger(x)))
    throw bad(`${k} must be a list of integers.`);
  return arr as number[];
}
function strList(i: In, k: string): string[] | undefined {
  const v = i[k];
  if (v === undefined) return undefined;
  const arr = typeof v === 'string' ? (v === '' ? [] : v.split(',')) : v;
  if (!Array.isArray(arr) || !arr.every((x) => typeof x === 'string'))
    throw bad(`${k} must be a list of strings.`);
  return arr as string[];
}
function perms(i: In): Permission[] | undefined {
  const p = strList(i, 'permissions');
  if (p && !p.every(isPermission)) throw bad('Unknown permission.');
  return p as Permission[] | undefined;
}
function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: SbxError }): T {
  if (!r.ok) throw new AdminError(r.error);
  return r.value;
}
function saveMarket(sbx: SbxInternals, m: MarketInfo) {
  sbx.exchange.updateMarket(m);
  return m;
}

export const ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    path: '/admin/state',
    handle: (sbx) => ({
      users: sbx.users.listUsers(),
      markets: sbx.markets.list(),
      openOrderLimit: sbx.trading.openOrderLimit,
      invariantProblems: sbx.ledger.checkInvariants(),
    }),
  },
  { method: 'GET', path: '/admin/invariants', handle: (sbx) => ({ problems: sbx.ledger.checkInvariants() }) },
  {
    method: 'POST',
    path: '/admin/users',
    handle: (sbx, i) => {
      const name = s(i, 'name');
      if (sbx.users.userByName(name))
        throw new AdminError({ status: 409, code: 'CONFLICT', description: 'User exists.' });
      const names = strList(i, 'subAccounts') ?? [];
      const userId = sbx.commit.run(() => {
        const id = sbx.users.createUser(name, false, sbx.now());
        for (const a of names) sbx.users.createAccount(id, a, sbx.now());
        return id;
      });
      return { userId, accounts: sbx.users.accounts(userId) };
    },
  },
  {
    method: 'POST',
    path: '/admin/accounts',
    handle: (sbx, i) => {
      const userId = user(sbx, i);
      const seq = sbx.commit.run(() => sbx.users.createAccount(userId, s(i, 'name'), sbx.now()));
      return { userId, accountSeq: seq };
    },
  },
  {
    method: 'POST',
    path: '/admin/keys',
    handle: (sbx, i) => {
      const userId = user(sbx, i);
      const type = s(i, 'type') === 'ed25519' ? 'ed25519' : 'hmac-sha256';
      const input: Parameters<typeof sbx.users.createKey>[0] = { userId, type };
      const p = perms(i);
      if (p) input.permissions = p;
      const seqs = intList(i, 'allowedAccountSeqs');
      if (seqs) input.allowedAccountSeqs = seqs;
      const wl = strList(i, 'whitelist');
      if (wl) {
        if (wl.length > 20) throw bad('At most 20 IP addresses per key.');
        input.whitelist = wl;
      }
      const exp = n(i, 'expiration');
      if (exp !== undefined) input.expiration = exp;
      const label = os(i, 'label');
      if (label) input.label = label;
      const pem = os(i, 'publicKeyPem');
      if (pem) input.publicKeyPem = pem;
      let r: ReturnType<typeof sbx.users.createKey>;
      try {
        r = sbx.commit.run(() => sbx.users.createKey(input, sbx.now()));
      } catch {
        throw bad('publicKeyPem is not a valid ED25519 SPKI PEM.');
      }
      return {
        apiKey: r.key.apiKey,
        type,
        secret: r.secret,
        privateKeyPem: r.privateKeyPem,
        publicKeyPem: r.key.publicKeyPem,
      };
    },
  },
  {
    method: 'POST',
    path: '/admin/keys/update',
    handle: (sbx, i) => {
      const k = sbx.users.getKey(s(i, 'apiKey'));
      if (!k) throw new AdminError({ status: 404, code: 'KEY_NOT_FOUND', description: 'Unknown key.' });
      const next = { ...k };
      const st = os(i, 'status');
      if (st !== undefined) {
        if (st !== 'activated' && st !== 'deactivated') throw bad('status must be activated or deactivated.');
        next.status = st;
      }
      const p = perms(i);
      if (p) next.permissions = p;
      const seqs = intList(i, 'allowedAccountSeqs');
      if (seqs) next.allowedAccountSeqs = seqs;
      const wl = strList(i, 'whitelist');
      if (wl) next.whitelist = wl;
      const exp = n(i, 'expiration');
      if (exp !== undefined) next.expiration = exp;
      sbx.commit.run(() => sbx.users.saveKey(next));
      sbx.auth.invalidate(next.apiKey);
      const { secret: _s, ...view } = next;
      return view;
    },
  },
  {
    method: 'POST',
    path: '/admin/balance',
    handle: (sbx, i) => {
      const userId = user(sbx, i);
      const seq = n(i, 'accountSeq') ?? 1;
      if (!sbx.users.hasAccount(userId, seq)) throw bad('No such account.');
      const cur = s(i, 'currency');
      const total = toLedger(dec(i, 'amount'));
      if (total === null) throw bad('amount has too many decimals.');
      const now = sbx.now();
      try {
        sbx.commit.run(() => {
          const delta = sbx.ledger.setTotal(userId, seq, cur, total, now);
          sbx.ledger.flow(cur, 'funding', delta);
        });
      } catch {
        throw bad('Cannot set the balance below the amount held by open orders or withdrawals.');
      }
      return sbx.exchange.getBalances(userId, seq).find((b) => b.currency === cur);
    },
  },
  {
    method: 'POST',
    path: '/admin/deposit',
    handle: (sbx, i) => {
      const userId = user(sbx, i);
      const opts: { network?: string; instant?: boolean } = {
        instant: i.instant === true || i.instant === 'true',
      };
      const net = os(i, 'network');
      if (net) opts.network = net;
      return unwrap(sbx.funding.createDeposit(userId, s(i, 'currency'), dec(i, 'amount', false), opts));
    },
  },
  {
    method: 'POST',
    path: '/admin/withdrawableAddress',
    handle: (sbx, i) =>
      unwrap(
        sbx.funding.addWithdrawableAddress(
          user(sbx, i),
          s(i, 'currency'),
          os(i, 'network'),
          s(i, 'address'),
          os(i, 'secondaryAddress'),
          os(i, 'label'),
        ),
      ),
  },
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
    method: 'POST',
    path: '/admin/users/status',
    handle: (sbx, i) => {
      const id = user(sbx, i);
      const st = s(i, 'status');
      if (st !== 'active' && st !== 'suspended') throw bad('status must be active or suspended.');
      sbx.users.setStatus(id, st);
      return { userId: id, status: st };
    },
  },
  {
    method: 'POST',
    path: '/admin/funding/network',
    handle: (sbx, i) => {
      const st = (k: string) => {
        const v = os(i, k);
        if (v !== undefined && v !== 'launched' && v !== 'stopped')
          throw bad(`${k} must be launched or stopped.`);
        return v as 'launched' | 'stopped' | undefined;
      };
      const o: import('../funding/funding.js').NetworkOverride = { currency: s(i, 'currency') };
      const net = os(i, 'network');
      if (net) o.network = net;
      const w = st('withdrawalStatus');
      if (w) o.withdrawalStatus = w;
      const d = st('depositStatus');
      if (d) o.depositStatus = d;
      return unwrap(sbx.funding.setNetworkStatus(o));
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
    handle: (sbx, i) => sbx.faults.reset({ resetCounters: i.resetCounters === true }),
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
  {
    method: 'POST',
    path: '/admin/cancelAll',
    handle: (sbx, i) => ({
      canceled: sbx.exchange.cancelAll(user(sbx, i), n(i, 'accountSeq'), os(i, 'symbol')),
    }),
  },
];
