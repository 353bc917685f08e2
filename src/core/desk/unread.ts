// What the proxy's equity sampler could not read in its last round (issue 18 item 1): a list of flows
// that could not be read makes the day P&L uncertain (a deposit it missed would count as profit), and
// the desk says so instead of showing the figure as if it were complete.

export type SampledList =
  | 'balance'
  | 'krwDeposits'
  | 'krwWithdrawals'
  | 'coinDeposits'
  | 'coinWithdrawals'
  | 'transfers';

export interface UnreadList {
  list: SampledList;
  /** The currency whose list failed (coin lists read per currency); null for the whole list. */
  currency: string | null;
  /** The error's symbolic code (the exchange's or the proxy's). */
  code: string;
  /** When the read failed (epoch ms). */
  at: number;
}

const FLOW_LISTS: ReadonlySet<SampledList> = new Set([
  'krwDeposits',
  'krwWithdrawals',
  'coinDeposits',
  'coinWithdrawals',
  'transfers',
]);

/** The flow lists among the unread ones, each once, in a fixed order (for the desk's note). */
export function unreadFlowLists(unread: readonly UnreadList[] | null | undefined): SampledList[] {
  const seen = new Set<SampledList>();
  for (const u of unread ?? []) if (FLOW_LISTS.has(u.list)) seen.add(u.list);
  return [...FLOW_LISTS].filter((l) => seen.has(l));
}

/** Pure: a sampler's report is well-formed (from the proxy's JSON); anything else is dropped. */
export function readUnreadLists(v: unknown): UnreadList[] {
  if (!Array.isArray(v)) return [];
  const lists = new Set<string>([...FLOW_LISTS, 'balance']);
  return v.filter(
    (u): u is UnreadList =>
      typeof u === 'object' &&
      u !== null &&
      lists.has((u as UnreadList).list) &&
      typeof (u as UnreadList).code === 'string' &&
      typeof (u as UnreadList).at === 'number',
  );
}
