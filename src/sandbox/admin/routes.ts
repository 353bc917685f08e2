/** Admin operations on users, keys, balances and funding. Input is a JSON object; userId defaults to the demo user. */
import { toLedger } from '../engine/units.js';
import type { NetworkOverride } from '../funding/funding.js';
import { scenarioAdminRoutes } from '../scenarios/routes.js';
import {
  AdminError,
  type AdminRoute,
  bad,
  dec,
  intList,
  n,
  os,
  perms,
  s,
  strList,
  unwrap,
  user,
} from './input.js';
import { marketAdminRoutes } from './marketRoutes.js';
import { profileAdminRoutes } from './profileRoutes.js';
import { replayAdminRoutes } from './replayRoutes.js';

export { AdminError } from './input.js';

const accountAdminRoutes: AdminRoute[] = [
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
          i.anyAsset === true || i.anyAsset === 'true',
        ),
      ),
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
      const o: NetworkOverride = { currency: s(i, 'currency') };
      const net = os(i, 'network');
      if (net) o.network = net;
      const w = st('withdrawalStatus');
      if (w) o.withdrawalStatus = w;
      const d = st('depositStatus');
      if (d) o.depositStatus = d;
      return unwrap(sbx.funding.setNetworkStatus(o));
    },
  },
];

export const ADMIN_ROUTES: AdminRoute[] = [
  ...accountAdminRoutes,
  ...marketAdminRoutes,
  ...scenarioAdminRoutes,
  ...profileAdminRoutes,
  ...replayAdminRoutes,
];
