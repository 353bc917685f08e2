/** Assets, accounts, key info, fee policy and reference data (spec 4.4 Asset / Other). */
import { isZero, max } from '../../core/decimal.js';
import { currencyView } from '../funding/currencies.js';
import { type Call, fail, ok, optStr, type Route } from './route.js';

function balance(c: Call) {
  const filter = optStr(c.params, 'currencies');
  const all = c.sbx.exchange.getBalances(c.userId, c.accountSeq).map(({ updatedAt: _u, ...b }) => b);
  // live-strict: a currency held at zero is not listed (whether live lists it is not shown)
  const list = c.sbx.profile.omitsZeroBalances ? all.filter((b) => !isZero(b.balance)) : all;
  if (filter === undefined) return ok(list);
  const want = new Set(filter.split(','));
  return ok(list.filter((b) => want.has(b.currency)));
}

function accounts(c: Call) {
  return ok(
    c.sbx.users
      .accounts(c.userId)
      .map((a) => ({ accountSeq: a.accountSeq, accountName: a.name, createdAt: a.createdAt })),
  );
}

function currentKeyInfo(c: Call) {
  const k = c.key!;
  const out: Record<string, unknown> = {
    apiKey: k.apiKey,
    userUuid: `sbx-user-${k.userId}`,
    type: k.type,
    permissions: k.permissions,
    whitelist: k.whitelist.join(','),
    expiration: k.expiration,
    status: k.status,
    label: k.label,
    allowedAccountSeqs: k.allowedAccountSeqs,
    createdAt: k.createdAt,
  };
  if (k.publicKeyPem) out.publicKey = k.publicKeyPem;
  return ok(out);
}

function tradingFeePolicy(c: Call) {
  const filter = optStr(c.params, 'symbol');
  const want = filter?.split(',');
  const list = c.sbx.markets.list().filter((m) => !want || want.includes(m.symbol));
  if (want && list.length === 0)
    return fail({ status: 400, code: 'INVALID_CURRENCY_PAIR', description: 'Unknown pair.' });
  return ok(
    list.map((m) => ({
      symbol: m.symbol,
      buyFeeCurrency: m.baseCurrency,
      sellFeeCurrency: m.quoteCurrency,
      maxFeeRate: max(m.takerFeeRate, m.makerFeeRate),
      takerFeeRate: m.takerFeeRate,
      makerFeeRate: m.makerFeeRate,
    })),
  );
}

function time(c: Call) {
  return ok({ time: c.sbx.now() });
}

function currencies(c: Call) {
  return ok(c.sbx.funding.currencyList().map(currencyView));
}

const NOTICE_BASE = Date.UTC(2026, 10, 1);
function notices(_c: Call) {
  const titles = [
    'Sandbox exchange: scheduled maintenance window (simulated)',
    'New listing: sol_krw trading launched',
    'Withdrawal fee update for usdt (ETH network)',
    'API v2: rate-limit headers on every limited response',
  ];
  return ok(
    titles.map((title, i) => ({
      title,
      createdAt: NOTICE_BASE - i * 86_400_000,
      url: `https://sandbox.invalid/notices/${100 - i}`,
    })),
  );
}

function marketAlerts(c: Call) {
  const filter = optStr(c.params, 'symbol');
  const want = filter?.split(',');
  return ok(
    c.sbx.markets
      .list()
      .filter((m) => m.status === 'stopped' && (!want || want.includes(m.symbol)))
      .map((m) => ({
        symbol: m.symbol,
        alerts: [
          {
            type: 'tradingStopped',
            typeKorean: '거래 중지',
            level: 'warning',
            levelKorean: '주의',
            startAt: c.now,
            endAt: null,
            value: null,
          },
        ],
      })),
  );
}

export const accountRoutes: Route[] = [
  { method: 'GET', path: '/v2/balance', params: ['currencies'], handle: balance },
  { method: 'GET', path: '/v2/accounts', params: [], handle: accounts },
  { method: 'GET', path: '/v2/currentKeyInfo', params: [], handle: currentKeyInfo },
  // accountSeq is read by the pipeline (account scope); fee rates are per user (korbit-cli account_ops.go).
  { method: 'GET', path: '/v2/tradingFeePolicy', params: ['symbol'], handle: tradingFeePolicy },
  { method: 'GET', path: '/v2/time', params: [], handle: time },
  { method: 'GET', path: '/v2/currencies', params: [], handle: currencies },
  { method: 'GET', path: '/v2/notices', params: [], handle: notices },
  { method: 'GET', path: '/v2/marketAlerts', params: ['symbol'], handle: marketAlerts },
];
