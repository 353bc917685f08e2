// The balance merge of the account stream: a myAsset frame (partial deltas, only changed currencies)
// merged into a balance list (GET /v2/balance rows); order kept, new currencies appended.

/** A balance row (GET /v2/balance element) as far as the merge needs it. */
export interface BalanceLike {
  currency: string;
  balance: string;
  available: string;
  tradeInUse: string;
  withdrawalInUse: string;
  avgPrice?: string | null;
}

export interface AssetDelta {
  currency: string;
  balance?: string;
  available?: string;
  tradeInUse?: string;
  withdrawalInUse?: string;
  avgPrice?: string | null;
}

export function mergeAssets<T extends BalanceLike>(
  current: readonly T[],
  deltas: readonly AssetDelta[],
): T[] {
  if (deltas.length === 0) return current as T[];
  const byCur = new Map<string, T>();
  for (const b of current) byCur.set(b.currency.toLowerCase(), b);
  for (const d of deltas) {
    const key = d.currency.toLowerCase();
    const prev = byCur.get(key);
    const next = {
      ...(prev ?? {
        currency: key,
        balance: '0',
        available: '0',
        tradeInUse: '0',
        withdrawalInUse: '0',
        avgPrice: null,
      }),
    } as T & Record<string, unknown>;
    for (const field of ['balance', 'available', 'tradeInUse', 'withdrawalInUse', 'avgPrice'] as const) {
      if (d[field] !== undefined) (next as Record<string, unknown>)[field] = d[field];
    }
    byCur.set(key, next);
  }
  // Keep the original order, new currencies appended.
  const seen = new Set<string>();
  const out: T[] = [];
  for (const b of current) {
    const k = b.currency.toLowerCase();
    seen.add(k);
    out.push(byCur.get(k) as T);
  }
  for (const [k, v] of byCur) if (!seen.has(k)) out.push(v);
  return out;
}
