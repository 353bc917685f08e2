// Coin deposit and withdrawal lists under both readings of `currency` (docs/api-decisions.md, issue 18):
// the vendor's client always sends it (korbit-cli internal/rawapi/funding.go), so the live service may
// require it. A list is first asked without a currency; when that is refused (a 400 that is not a key,
// permission or clock problem) it is asked once per currency the account holds or has moved, and the
// rows are merged newest first. Runtime-neutral: the reads are passed in, the browser and the proxy
// bring their own.

/** 'all': one read without currency works. 'perCurrency': the exchange wants a currency. */
export type CoinListMode = 'all' | 'perCurrency';

export interface CoinListFailure {
  /** The currency whose list failed; null for the currency-less read. */
  currency: string | null;
  error: unknown;
}

export interface CoinListRead<T> {
  rows: T[];
  mode: CoinListMode;
  /** The currencies asked in perCurrency mode (empty in 'all' mode). */
  currencies: string[];
  /** Per-currency lists that could not be read; their rows are missing from `rows`. */
  failures: CoinListFailure[];
  /** The refusal of the currency-less read that switched to perCurrency (this read or an earlier one). */
  refusal: unknown;
}

interface CodedError {
  status?: unknown;
  code?: unknown;
}

/** Codes that say something about the key, the clock or the account, never about a missing parameter. */
const NOT_A_PARAMETER_PROBLEM = new Set([
  'NO_API_KEY',
  'NO_TIMESTAMP',
  'NO_SIGNATURE',
  'KEY_NOT_FOUND',
  'INVALID_SIGNATURE',
  'INVALID_RECV_WINDOW',
  'EXCEED_TIME_WINDOW',
  'PERMISSION_DENIED',
  'IP_NOT_ALLOWED',
  'KEY_EXPIRED',
  'KEY_DEACTIVATED',
  'ACCOUNT_SEQ_NOT_ALLOWED',
  'ACCOUNT_NOT_FOUND',
  'INVALID_USER_STATUS',
]);

/**
 * True when a currency-less list read was refused as a bad request: HTTP 400 with a code that is not a
 * key, clock or account problem. The live service's exact code is unknown (BAD_REQUEST-like), so any
 * other 400 counts; asking per currency after a 400 that meant something else costs a few reads and
 * shows their own errors.
 */
export function isCurrencyRequiredRefusal(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const c = e as CodedError;
  return c.status === 400 && typeof c.code === 'string' && !NOT_A_PARAMETER_PROBLEM.has(c.code);
}

const CURRENCY_RE = /^[a-z0-9]{1,20}$/;

type CurrencySource = readonly (string | { currency?: unknown } | null | undefined)[] | null | undefined;

/**
 * The coin currencies worth asking about, lowercase, sorted, without KRW: every currency named in the
 * given sources (balances, deposit and withdrawal addresses, transfers, rows already read, local
 * history). Malformed names are left out.
 */
export function fundingCurrencies(...sources: CurrencySource[]): string[] {
  const out = new Set<string>();
  for (const src of sources) {
    for (const item of src ?? []) {
      const raw = typeof item === 'string' ? item : item?.currency;
      if (typeof raw !== 'string') continue;
      const c = raw.toLowerCase();
      if (c !== 'krw' && CURRENCY_RE.test(c)) out.add(c);
    }
  }
  return [...out].sort();
}

interface CoinRow {
  id: unknown;
  currency: string;
  createdAt: number;
}

function compareIds(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { numeric: true });
}

/**
 * Per-currency lists as one list: without duplicates (same currency and id), newest first (createdAt,
 * then id), at most `limit` rows. Each per-currency list holds its newest `limit`, so the first `limit`
 * of the merge are exactly the newest `limit` of all.
 */
export function mergeCoinRows<T extends CoinRow>(lists: readonly (readonly T[])[], limit: number): T[] {
  const byKey = new Map<string, T>();
  for (const list of lists) {
    for (const r of list) {
      const key = `${r.currency.toLowerCase()}:${String(r.id)}`;
      if (!byKey.has(key)) byKey.set(key, r);
    }
  }
  const all = [...byKey.values()];
  all.sort((a, b) => b.createdAt - a.createdAt || compareIds(b.id, a.id));
  return all.slice(0, Math.max(0, limit));
}

export interface ReadCoinListOptions<T> {
  /** What an earlier read found; undefined = not known yet (ask without currency first). */
  mode: CoinListMode | undefined;
  /** The earlier refusal, shown again while in perCurrency mode. */
  refusal?: unknown;
  readAll: () => Promise<T[]>;
  readOne: (currency: string) => Promise<T[]>;
  /** The currencies to ask in perCurrency mode (fundingCurrencies of what the caller knows). */
  currencies: () => Promise<string[]>;
  limit: number;
}

/**
 * Reads a coin funding list under either reading. Throws when the currency-less read fails for another
 * reason than a refusal, or when every per-currency read failed (so the caller's retry and error display
 * apply); a partial failure comes back in `failures` beside the rows that could be read.
 */
export async function readCoinList<T extends CoinRow>(o: ReadCoinListOptions<T>): Promise<CoinListRead<T>> {
  let refusal: unknown = o.refusal ?? null;
  if (o.mode !== 'perCurrency') {
    try {
      const rows = await o.readAll();
      return { rows, mode: 'all', currencies: [], failures: [], refusal: null };
    } catch (e) {
      if (!isCurrencyRequiredRefusal(e)) throw e;
      refusal = e;
    }
  }
  const currencies = await o.currencies();
  const settled = await Promise.allSettled(currencies.map((c) => o.readOne(c)));
  const lists: T[][] = [];
  const failures: CoinListFailure[] = [];
  settled.forEach((s, i) => {
    const currency = currencies[i] ?? null;
    if (s.status === 'fulfilled') {
      // a row without its currency belongs to the list it came from
      lists.push(s.value.map((r) => (r.currency ? r : { ...r, currency: currency ?? '' })));
    } else failures.push({ currency, error: s.reason });
  });
  if (currencies.length > 0 && failures.length === currencies.length) throw failures[0]?.error;
  return { rows: mergeCoinRows(lists, o.limit), mode: 'perCurrency', currencies, failures, refusal };
}
