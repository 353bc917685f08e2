// The recent coin deposits or withdrawals of the main account under both readings of `currency`
// (core/funding/coinLists.ts): asked without currency first; when the exchange refuses that, asked per
// currency the account holds or has moved and merged. What each profile's exchange answered is kept for
// the page's life, so a strict exchange is asked per currency straight away after the first refusal.
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZodMiniType as ZodType } from 'zod/mini';
import {
  type CoinListMode,
  type CoinListRead,
  fundingCurrencies,
  readCoinList,
} from '../../../core/funding/coinLists.js';
import { classifyFailure } from '../../../core/retry.js';
import { depositAddressSchema, withdrawableAddressSchema } from '../../../core/schemas/assets.js';
import { tolerantArray } from '../../../core/schemas/tolerant.js';
import { balanceQuery } from '../../lib/account-stream/index.js';
import { apiGet } from '../../lib/api.js';
import { qk } from '../../lib/queryKeys.js';

export type CoinListKind = 'deposits' | 'withdrawals';

interface CoinRecord {
  id: number;
  currency: string;
  createdAt: number;
  status: string;
}

const PATH: Record<CoinListKind, string> = {
  deposits: '/v2/coin/recentDeposits',
  withdrawals: '/v2/coin/recentWithdrawals',
};
const LIMIT = 50;
const BACKGROUND_MS = 30_000;
const ACTIVE_MS = 2_000;
const FINAL = new Set(['done', 'canceled', 'failed', 'refunded']);

/** What each profile's exchange answered to a currency-less list, for the page's life. */
const modes = new Map<string, { mode: CoinListMode; refusal: unknown }>();

/** One per-currency read, tried again on a transient failure (5xx, network, 429): a partial list is
 * not retried as a whole, so its parts are. Refusals come back at once. */
async function readRetrying<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (e) {
      const cls = classifyFailure(e);
      if (attempt >= 2 || (cls !== 'transient' && cls !== 'rateLimited')) throw e;
      await new Promise((r) => setTimeout(r, 300 * 2 ** attempt));
    }
  }
}

const keyOf = (kind: CoinListKind, profileId: string | null) =>
  kind === 'deposits' ? qk.coinDeposits(profileId) : qk.coinWithdrawals(profileId);

/** Reads a source list for the currency choice; a source that cannot be read adds nothing. */
async function source(
  qc: QueryClient,
  queryKey: readonly unknown[],
  read: () => Promise<unknown>,
): Promise<readonly { currency?: unknown }[]> {
  try {
    const v = await qc.fetchQuery({ queryKey, queryFn: () => readRetrying(read), staleTime: 60_000 });
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

const cached = (qc: QueryClient, key: readonly unknown[]): readonly { currency?: unknown }[] => {
  const v = qc.getQueryData<unknown>(key);
  if (Array.isArray(v)) return v;
  const rows = (v as { rows?: unknown } | undefined)?.rows;
  return Array.isArray(rows) ? rows : [];
};

/** The currencies held or moved by the main account, as far as this page knows them. */
async function knownCurrencies(qc: QueryClient, profileId: string, kind: CoinListKind): Promise<string[]> {
  const opts = { profileId };
  const [balances, depositAddresses, withdrawAddresses] = await Promise.all([
    // the balance entry's one fetcher (the account stream's), not a second one for the same key
    source(qc, qk.balance(profileId, 1), balanceQuery(profileId, 1).queryFn),
    kind === 'deposits'
      ? source(qc, qk.depositAddresses(profileId), () =>
          apiGet('/v2/coin/depositAddresses', undefined, {
            ...opts,
            schema: tolerantArray(depositAddressSchema, 'deposit address'),
          }),
        )
      : Promise.resolve([]),
    kind === 'withdrawals'
      ? source(qc, qk.withdrawableAddresses(profileId), () =>
          apiGet('/v2/coin/withdrawableAddresses', undefined, {
            ...opts,
            schema: tolerantArray(withdrawableAddressSchema, 'withdrawable address'),
          }),
        )
      : Promise.resolve([]),
  ]);
  return fundingCurrencies(
    balances,
    depositAddresses,
    withdrawAddresses,
    cached(qc, qk.coinDeposits(profileId)),
    cached(qc, qk.coinWithdrawals(profileId)),
    cached(qc, qk.transfers(profileId, 1)),
  );
}

/** The recent coin deposits or withdrawals (newest first, at most 50), with what could not be read. */
export function useCoinFundingList<T extends CoinRecord>(
  kind: CoinListKind,
  profileId: string | null,
  enabled: boolean,
  schema: ZodType<T>,
) {
  const qc = useQueryClient();
  return useQuery<CoinListRead<T>>({
    queryKey: keyOf(kind, profileId),
    queryFn: async () => {
      const pid = profileId as string;
      const memo = modes.get(`${kind}:${pid}`);
      const list = tolerantArray(schema, kind === 'deposits' ? 'coin deposit' : 'coin withdrawal');
      const r = await readCoinList<T>({
        mode: memo?.mode,
        refusal: memo?.refusal,
        readAll: () => apiGet(PATH[kind], { limit: LIMIT }, { profileId: pid, schema: list }) as Promise<T[]>,
        readOne: (currency) =>
          readRetrying(
            () =>
              apiGet(PATH[kind], { currency, limit: LIMIT }, { profileId: pid, schema: list }) as Promise<
                T[]
              >,
          ),
        currencies: () => knownCurrencies(qc, pid, kind),
        limit: LIMIT,
      });
      modes.set(`${kind}:${pid}`, { mode: r.mode, refusal: r.refusal });
      return r;
    },
    enabled: !!profileId && enabled,
    // no stream exists for funding records: refresh quickly while one is still moving, slowly otherwise
    refetchInterval: (q) =>
      q.state.data?.rows.some((r) => !FINAL.has(r.status)) ? ACTIVE_MS : BACKGROUND_MS,
  });
}
