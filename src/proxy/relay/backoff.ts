/** Exponential backoff with jitter: a uniform draw in [d/2, d] where d = min(cap, base * 2^attempt). */
export function backoffDelay(attempt: number, baseMs = 500, capMs = 30_000, random = Math.random): number {
  const d = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 20));
  return Math.round(d / 2 + random() * (d / 2));
}
