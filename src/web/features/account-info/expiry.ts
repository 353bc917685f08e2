// Key expiry: days left and whether to warn (under 30 days).
const DAY_MS = 86_400_000;
export const EXPIRY_WARN_DAYS = 30;

export interface ExpiryState {
  daysLeft: number;
  expired: boolean;
  warn: boolean;
}

/** expiration: ms timestamp (number or numeric string) or an ISO date string. */
export function expiryState(expiration: number | string | null | undefined, now: number): ExpiryState | null {
  if (expiration === null || expiration === undefined || expiration === '') return null;
  const ms =
    typeof expiration === 'number'
      ? expiration
      : /^\d+$/.test(expiration)
        ? Number(expiration)
        : Date.parse(expiration);
  if (!Number.isFinite(ms)) return null;
  const daysLeft = Math.floor((ms - now) / DAY_MS);
  const expired = ms <= now;
  return { daysLeft, expired, warn: !expired && ms - now < EXPIRY_WARN_DAYS * DAY_MS };
}
