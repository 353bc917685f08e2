/**
 * Exact conversions between decimal strings (the wire) and integers (the engine and ledger).
 * Prices are scaled by 10^PRICE_DP, quantities by 10^QTY_DP (JS numbers, safe-integer checked);
 * ledger amounts of every currency are bigints scaled by 10^LEDGER_DP = 10^(PRICE_DP + QTY_DP),
 * so price x qty is exact in ledger units.
 */
import { fromUnits } from '../../core/scaledDecimal.js';

export const PRICE_DP = 4;
export const QTY_DP = 8;
export const LEDGER_DP = PRICE_DP + QTY_DP;
export const RATE_DP = 8;

const PLAIN = /^(\d+)(?:\.(\d+))?$/;

/** Decimal string -> bigint scaled by 10^dp, or null when it has more decimals or is malformed. */
export function toUnits(dec: string, dp: number): bigint | null {
  const m = PLAIN.exec(dec);
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > dp && !/^0*$/.test(frac.slice(dp))) return null;
  return BigInt(m[1] + frac.slice(0, dp).padEnd(dp, '0'));
}

/** bigint scaled by 10^dp -> plain decimal string without trailing zeros (sign kept): core/scaledDecimal. */
export { fromUnits };

/** Decimal string -> safe integer scaled by 10^dp, or null (too many decimals, too large). */
export function toInt(dec: string, dp: number): number | null {
  const u = toUnits(dec, dp);
  if (u === null || u > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(u);
}

export const priceToInt = (p: string) => toInt(p, PRICE_DP);
export const qtyToInt = (q: string) => toInt(q, QTY_DP);
export const priceStr = (p: number) => fromUnits(BigInt(p), PRICE_DP);
export const qtyStr = (q: number) => fromUnits(BigInt(q), QTY_DP);
export const ledgerStr = (u: bigint) => fromUnits(u, LEDGER_DP);
export const toLedger = (dec: string) => toUnits(dec, LEDGER_DP);
/** Quantity units (10^-8) to ledger units (10^-12). */
export const qtyToLedger = (q: number) => BigInt(q) * 10n ** BigInt(LEDGER_DP - QTY_DP);
/** price x qty in ledger units (exact). */
export const notional = (price: number, qty: number) => BigInt(price) * BigInt(qty);
/** fee = floor(amount x rate), rate scaled by 10^RATE_DP. */
export const feeOf = (amount: bigint, rate: bigint) => (amount * rate) / 10n ** BigInt(RATE_DP);
