// Everything the order ticket needs to know about the pair, the key and the account.
import { max } from '../../../../core/decimal.js';
import { type GateReason, gate, OK } from '../../../lib/gate.js';
import { useOrderBlock } from '../../../lib/live/useOrderBlock.js';
import { useFeePolicy, usePair, useTicker, useTickSize } from '../../../lib/market/useMarket.js';
import { useActiveAccountSeq, useActiveProfileId, useKeyInfo } from '../../../lib/session.js';
import { useBalances } from '../../../lib/useBalances.js';
import { quoteDecimals } from './orderMath.js';

const BLOCKED: Partial<Record<GateReason['code'], string>> = {
  KEY_INACTIVE: 'entry.blocked.inactive',
  MISSING_PERMISSION: 'entry.blocked.noWrite',
  ACCOUNT_NOT_ALLOWED: 'entry.blocked.account',
};

export function useEntryContext(symbol: string) {
  const profileId = useActiveProfileId();
  const accountSeq = useActiveAccountSeq();
  const pair = usePair(symbol);
  const policy = useTickSize(symbol).data;
  const ticker = useTicker(symbol);
  const fee = useFeePolicy(profileId, symbol).data;
  const keyInfo = useKeyInfo(profileId);
  const balances = useBalances(profileId, accountSeq);
  const down = useOrderBlock(); // session / proxy / stream down (issue 11): clears by itself
  const [b = '', q = ''] = symbol.split('_');
  const base = pair?.baseCurrency ?? b;
  const quote = pair?.quoteCurrency ?? q;
  const find = (cur: string) => balances.data?.find((x) => x.currency.toLowerCase() === cur.toLowerCase());

  // The same rule as every other gated action (lib/gate.ts); while key info loads nothing is blocked yet.
  const g = keyInfo.data ? gate(keyInfo.data, { permission: 'writeOrders', accountSeq }) : OK;
  let blocked: string | null = null;
  if (!profileId) blocked = 'entry.blocked.noProfile';
  else if (down) blocked = down;
  else if (pair?.status === 'stopped') blocked = 'entry.blocked.stopped';
  else if (!g.ok) blocked = BLOCKED[g.reason.code] ?? 'entry.blocked.noWrite';

  return {
    symbol,
    profileId,
    accountSeq,
    pair,
    ranges: policy?.tickSizePolicy ?? [],
    base,
    quote,
    quoteDp: quoteDecimals(quote),
    /** The higher of taker and maker rates: a safe estimate before we know how the order fills. */
    feeRate: fee ? max(fee.takerFeeRate, fee.makerFeeRate) : '0',
    buyFeeCurrency: fee?.buyFeeCurrency ?? quote,
    sellFeeCurrency: fee?.sellFeeCurrency ?? quote,
    availableQuote: find(quote)?.available ?? (balances.data ? '0' : null),
    availableBase: find(base)?.available ?? (balances.data ? '0' : null),
    bestBid: ticker?.bestBidPrice,
    bestAsk: ticker?.bestAskPrice,
    last: ticker?.close,
    blocked,
    balancesLoading: balances.isLoading,
  };
}

export type EntryContext = ReturnType<typeof useEntryContext>;
