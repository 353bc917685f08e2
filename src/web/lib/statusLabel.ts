// A status word from the exchange (activated, launched, stopped...) in the user's language; an unknown
// value is shown as sent rather than as a dictionary key.
export function statusLabel(t: (key: string) => string, status: string): string {
  const key = `badge.${status}`;
  const s = t(key);
  return s === key ? status : s;
}
