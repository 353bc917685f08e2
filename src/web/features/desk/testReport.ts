// Tests' account report (what a monitor card tells the desk header): every field set, overridable.
import type { AccountReport } from '../../lib/deskState.js';

export function testReport(id: string, over: Partial<AccountReport> = {}): AccountReport {
  return {
    id,
    profileId: 'p',
    accountSeq: 1,
    label: id,
    equityKrw: null,
    dayPnl: null,
    dayFrom: null,
    pnlUncertain: '',
    openOrders: 0,
    fillsToday: 0,
    largestFillKrw: null,
    largestFillAt: null,
    streamStatus: 'open',
    keyExpiresAt: null,
    holdings: 0,
    orderPairs: 0,
    ...over,
  };
}
