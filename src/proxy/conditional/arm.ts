// Gathers what the arming checks need (pair, tick policy, last trade, balance, key) and runs them.
import { type ArmContext, checkArm, plannedOrders, requiredBalance } from '../../core/conditional/plan.js';
import type { CondDefinition, MarketTrade } from '../../core/conditional/types.js';
import type { ArmPreview } from '../../core/conditional/wire.js';
import type { Forwarder } from '../forward/forwarder.js';
import { call } from '../orders/orderCalls.js';

export type { ArmPreview };

interface Pair {
  symbol: string;
  status?: string;
  baseCurrency: string;
  quoteCurrency: string;
  minOrderValue?: string | null;
  maxOrderValue?: string | null;
}

export async function previewArm(
  forwarder: Forwarder,
  profileId: string,
  accountSeq: number | null,
  def: CondDefinition,
  latest: MarketTrade | null,
): Promise<ArmPreview> {
  const fail = (code: string, message: string): ArmPreview => ({
    ok: false,
    error: { code, message },
    orders: [],
    last: null,
    lastTradeId: 0,
    required: null,
  });
  const pairs = await call<Pair[]>(forwarder, 'GET', '/v2/currencyPairs', []);
  if (!pairs.ok) return fail(pairs.code, pairs.message);
  const pair = pairs.value.find((p) => p.symbol === def.symbol);
  if (!pair) return fail('INVALID_CURRENCY_PAIR', `Unknown trading pair ${def.symbol}.`);
  const policy = await call<{ symbol: string; tickSizePolicy: { priceGte: string; tickSize: string }[] }[]>(
    forwarder,
    'GET',
    '/v2/tickSizePolicy',
    [['symbol', def.symbol]],
  );
  if (!policy.ok) return fail(policy.code, policy.message);
  const ranges = policy.value.find((p) => p.symbol === def.symbol)?.tickSizePolicy ?? [];
  const seq: [string, string][] = accountSeq !== null ? [['accountSeq', String(accountSeq)]] : [];
  const [key, balances] = await Promise.all([
    call<ArmContext['key']>(forwarder, 'GET', '/v2/currentKeyInfo', [], profileId),
    call<{ currency: string; available: string }[]>(forwarder, 'GET', '/v2/balance', seq, profileId),
  ]);
  if (!key.ok) return fail(key.code, key.message);
  if (!balances.ok) return fail(balances.code, balances.message);
  const base = pair.baseCurrency.toLowerCase();
  const quote = pair.quoteCurrency.toLowerCase();
  const ctx: ArmContext = {
    pair: {
      minOrderValue: pair.minOrderValue,
      maxOrderValue: pair.maxOrderValue,
      tradingStatus: pair.status,
    },
    policy: ranges,
    last: latest?.price ?? null,
    base,
    quote,
    available: Object.fromEntries(balances.value.map((b) => [b.currency.toLowerCase(), b.available])),
    key: key.value,
    accountSeq: accountSeq ?? 1,
  };
  const err = checkArm(def, ctx);
  return {
    ok: !err,
    ...(err ? { error: { code: String(err.code), message: err.description ?? String(err.code) } } : {}),
    orders: plannedOrders(def, ctx.last),
    last: ctx.last,
    lastTradeId: latest?.tradeId ?? 0,
    required: requiredBalance(def, ctx.last, base, quote),
  };
}
