import { gt, sub } from '../../core/decimal.js';
/** Coin and KRW deposits / withdrawals and account transfers (spec 4.4). Main account only, except transfers. */
import type { AddressRecord, CoinRecord, KrwRecord, TransferRecord } from '../funding/funding.js';
import { type Call, currency, fail, int, ok, optInt, optStr, type Route, str } from './route.js';

const addrView = (a: AddressRecord) => ({
  currency: a.currency,
  network: a.network,
  address: a.address,
  secondaryAddress: a.secondaryAddress,
});
/** A withdrawable address registered for every asset of its network carries no `currency` (live shape). */
function withdrawableView(a: AddressRecord) {
  const v: Record<string, unknown> = { network: a.network, address: a.address };
  if (!a.anyAsset) v.currency = a.currency;
  if (a.secondaryAddress !== null) v.secondaryAddress = a.secondaryAddress;
  return v;
}
function coinView(r: CoinRecord) {
  const { userId: _u, accountSeq: _a, hold: _h, updatedAt: _t, ...rest } = r;
  return rest;
}
function krwView(r: KrwRecord) {
  const { userId: _u, accountSeq: _a, hold: _h, updatedAt: _t, ...rest } = r;
  return rest;
}
const transferView = (r: TransferRecord) => ({
  transferId: r.transferId,
  fromAccountSeq: r.fromAccountSeq,
  toAccountSeq: r.toAccountSeq,
  currency: r.currency,
  amount: r.amount,
  status: r.status,
  createdAt: r.createdAt,
  completedAt: r.createdAt,
});

function listLimit(c: Call) {
  return optInt(c.params, 'limit', 1, 100) ?? 20;
}

const depositAddresses = (c: Call) =>
  ok(c.sbx.funding.records.list<AddressRecord>('depositAddress', c.userId).map(addrView));

function depositAddress(c: Call) {
  const cur = currency(c);
  const network = optStr(c.params, 'network');
  const n = c.sbx.funding.network(cur, network);
  if (!n.ok) return fail(n.error);
  const a = c.sbx.funding.records
    .list<AddressRecord>('depositAddress', c.userId)
    .find((x) => x.currency === cur && x.network === n.value.name);
  // Before one is generated the read succeeds with nothing in it: the vendor's client documents
  // "Returns nothing until an address has been generated" (korbit-cli internal/ops/funding_ops.go,
  // `deposit address`), so `{success:true}` without data, like the bare acknowledgements.
  return a ? ok(addrView(a)) : ok();
}

function createDepositAddress(c: Call) {
  const r = c.sbx.funding.createDepositAddress(c.userId, currency(c), optStr(c.params, 'network'));
  return r.ok ? ok(addrView(r.value)) : fail(r.error);
}

function recentCoin(kind: 'coinDeposit' | 'coinWithdrawal') {
  return (c: Call) => {
    c.sbx.funding.advance();
    // live-strict: `currency` required (the vendor's client always sends it; rawapi/funding.go)
    const cur = c.sbx.profile.requiresFundingCurrency ? currency(c) : optStr(c.params, 'currency');
    if (cur !== undefined) currency(c);
    const list = c.sbx.funding.records
      .list<CoinRecord>(kind, c.userId)
      .filter((r) => cur === undefined || r.currency === cur);
    return ok(list.slice(0, listLimit(c)).map(coinView));
  };
}

/**
 * One coin deposit / withdrawal by id. The live lookup takes `currency` beside the id (the vendor's
 * client always sends it): a known currency that is not the record's answers NOT_FOUND. Optional here,
 * required in the live-strict profile.
 */
function oneCoin(kind: 'coinDeposit' | 'coinWithdrawal', param: string) {
  return (c: Call) => {
    c.sbx.funding.advance();
    const cur = c.params.has('currency') || c.sbx.profile.requiresFundingCurrency ? currency(c) : undefined;
    const id = int(c.params, param, 1, Number.MAX_SAFE_INTEGER);
    const r = c.sbx.funding.records.get<CoinRecord>(kind, id);
    if (!r || r.userId !== c.userId || (cur !== undefined && r.currency !== cur))
      return fail({ status: 400, code: 'NOT_FOUND', description: 'No such record for this currency.' });
    return ok(coinView(r));
  };
}

function withdrawableAddresses(c: Call) {
  const cur = optStr(c.params, 'currency');
  return ok(
    c.sbx.funding.records
      .list<AddressRecord>('withdrawableAddress', c.userId)
      .filter(
        (a) =>
          cur === undefined ||
          (a.anyAsset === true ? c.sbx.funding.network(cur, a.network).ok : a.currency === cur),
      )
      .map(withdrawableView),
  );
}

/**
 * GET /v2/coin/withdrawableAmount: `currency` optional ("omit for all"); the answer is always an array
 * of `{currency, withdrawableAmount, withdrawalInUseAmount}` (korbit-cli internal/rawapi/funding.go).
 */
function withdrawableAmount(c: Call) {
  const one = c.params.has('currency') ? currency(c) : undefined;
  const balances = c.sbx.exchange.getBalances(c.userId, 1);
  const names = one !== undefined ? [one] : balances.map((b) => b.currency);
  const rows = [];
  for (const cur of names) {
    if (!c.sbx.funding.currencyConfig(cur)) continue;
    const net = c.sbx.funding.network(cur);
    const b = balances.find((x) => x.currency === cur);
    const fee = net.ok ? net.value.withdrawalTxFee : '0';
    const available = b?.available ?? '0';
    const w = gt(available, fee) ? sub(available, fee) : '0';
    rows.push({ currency: cur, withdrawableAmount: w, withdrawalInUseAmount: b?.withdrawalInUse ?? '0' });
  }
  return ok(rows);
}

function withdraw(c: Call) {
  const p: {
    currency: string;
    amount: string;
    address: string;
    network?: string;
    secondaryAddress?: string;
  } = {
    currency: currency(c),
    amount: str(c.params, 'amount'),
    address: str(c.params, 'address'),
  };
  const network = optStr(c.params, 'network');
  if (network !== undefined) p.network = network;
  const sec = optStr(c.params, 'secondaryAddress');
  if (sec !== undefined) p.secondaryAddress = sec;
  const r = c.sbx.funding.requestWithdrawal(c.userId, p);
  return r.ok ? ok({ status: r.value.status, coinWithdrawalId: r.value.id }) : fail(r.error);
}

function cancelWithdrawal(c: Call) {
  const r = c.sbx.funding.cancelWithdrawal(
    c.userId,
    int(c.params, 'coinWithdrawalId', 1, Number.MAX_SAFE_INTEGER),
  );
  return r.ok ? ok() : fail(r.error);
}

// The KRW pushes answer a bare acknowledgement `{success:true}` (korbit-cli rawapi/funding.go,
// KRWPushResponse); the record shows up in the recent lists.
function krwDepositPush(c: Call) {
  const r = c.sbx.funding.createDeposit(c.userId, 'krw', str(c.params, 'amount'));
  return r.ok ? ok() : fail(r.error);
}

function krwWithdrawalPush(c: Call) {
  const r = c.sbx.funding.requestWithdrawal(c.userId, { currency: 'krw', amount: str(c.params, 'amount') });
  return r.ok ? ok() : fail(r.error);
}

function recentKrw(kind: 'krwDeposit' | 'krwWithdrawal') {
  return (c: Call) => {
    c.sbx.funding.advance();
    return ok(c.sbx.funding.records.list<KrwRecord>(kind, c.userId).slice(0, listLimit(c)).map(krwView));
  };
}

function transfer(c: Call) {
  const to = int(c.params, 'toAccountSeq', 1, 1_000_000_000);
  const e1 = c.sbx.auth.checkAccount(c.key!, to);
  if (e1) return fail(e1);
  if (!c.sbx.users.hasAccount(c.userId, to))
    return fail({ status: 400, code: 'ACCOUNT_NOT_FOUND', description: `No account ${to}.` });
  const r = c.sbx.funding.transfer(c.userId, c.accountSeq, to, currency(c), str(c.params, 'amount'));
  return r.ok ? ok(transferView(r.value)) : fail(r.error);
}

function involves(r: TransferRecord, seq: number) {
  return r.fromAccountSeq === seq || r.toAccountSeq === seq;
}

function getTransfer(c: Call) {
  const id = int(c.params, 'transferId', 1, Number.MAX_SAFE_INTEGER);
  const r = c.sbx.funding.records.get<TransferRecord>('transfer', id);
  if (!r || r.userId !== c.userId || !involves(r, c.accountSeq)) {
    return fail({
      status: 400,
      code: 'NOT_FOUND',
      description: 'No such transfer for this account.',
    });
  }
  return ok(transferView(r));
}

function recentTransfers(c: Call) {
  const cur = optStr(c.params, 'currency');
  const list = c.sbx.funding.records
    .list<TransferRecord>('transfer', c.userId)
    .filter((r) => involves(r, c.accountSeq) && (cur === undefined || r.currency === cur));
  return ok(list.slice(0, listLimit(c)).map(transferView));
}

export const fundingRoutes: Route[] = [
  { method: 'GET', path: '/v2/coin/depositAddresses', params: [], handle: depositAddresses },
  { method: 'GET', path: '/v2/coin/depositAddress', params: ['currency', 'network'], handle: depositAddress },
  {
    method: 'POST',
    path: '/v2/coin/depositAddress',
    params: ['currency', 'network'],
    handle: createDepositAddress,
  },
  {
    method: 'GET',
    path: '/v2/coin/recentDeposits',
    params: ['currency', 'limit'],
    handle: recentCoin('coinDeposit'),
  },
  {
    method: 'GET',
    path: '/v2/coin/deposit',
    params: ['currency', 'coinDepositId'],
    handle: oneCoin('coinDeposit', 'coinDepositId'),
  },
  {
    method: 'GET',
    path: '/v2/coin/withdrawableAddresses',
    params: ['currency'],
    handle: withdrawableAddresses,
  },
  { method: 'GET', path: '/v2/coin/withdrawableAmount', params: ['currency'], handle: withdrawableAmount },
  {
    method: 'POST',
    path: '/v2/coin/withdrawal',
    params: ['currency', 'amount', 'address', 'network', 'secondaryAddress'],
    handle: withdraw,
  },
  { method: 'DELETE', path: '/v2/coin/withdrawal', params: ['coinWithdrawalId'], handle: cancelWithdrawal },
  {
    method: 'GET',
    path: '/v2/coin/recentWithdrawals',
    params: ['currency', 'limit'],
    handle: recentCoin('coinWithdrawal'),
  },
  {
    method: 'GET',
    path: '/v2/coin/withdrawal',
    params: ['currency', 'coinWithdrawalId'],
    handle: oneCoin('coinWithdrawal', 'coinWithdrawalId'),
  },
  { method: 'POST', path: '/v2/krw/sendKrwDepositPush', params: ['amount'], handle: krwDepositPush },
  { method: 'POST', path: '/v2/krw/sendKrwWithdrawalPush', params: ['amount'], handle: krwWithdrawalPush },
  { method: 'GET', path: '/v2/krw/recentDeposits', params: ['limit'], handle: recentKrw('krwDeposit') },
  { method: 'GET', path: '/v2/krw/recentWithdrawals', params: ['limit'], handle: recentKrw('krwWithdrawal') },
  {
    method: 'POST',
    path: '/v2/accountTransfer',
    params: ['toAccountSeq', 'currency', 'amount'],
    handle: transfer,
  },
  { method: 'GET', path: '/v2/accountTransfer', params: ['transferId'], handle: getTransfer },
  {
    method: 'GET',
    path: '/v2/recentAccountTransfers',
    params: ['currency', 'limit'],
    handle: recentTransfers,
  },
];
