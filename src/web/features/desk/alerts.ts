// Pure: the desk's alerts from the accounts' reports and the user's thresholds.
import { gte, isDecimalString, isPositive, lt } from '../../../core/decimal.js';
import { kstDayStart } from '../../../core/desk/dayPnl.js';
import type { AccountReport } from '../../lib/deskState.js';

export type AlertKind = 'disconnected' | 'keyExpiring' | 'keyExpired' | 'belowFloor' | 'largeFill';

export interface DeskAlert {
  id: string;
  kind: AlertKind;
  accountId: string;
  label: string;
  /** Days left (key), the floor, or the fill value, for the message. */
  value?: string;
  at?: number;
}

export const KEY_WARN_DAYS = 30;
const DAY = 24 * 3600_000;

export function deskAlerts(
  reports: readonly AccountReport[],
  prefs: { krwFloor: string; largeFillKrw: string },
  now: number,
): DeskAlert[] {
  const out: DeskAlert[] = [];
  const keysSeen = new Set<string>();
  const floor = isDecimalString(prefs.krwFloor) && isPositive(prefs.krwFloor) ? prefs.krwFloor : null;
  const big =
    isDecimalString(prefs.largeFillKrw) && isPositive(prefs.largeFillKrw) ? prefs.largeFillKrw : null;
  for (const r of reports) {
    const base = { accountId: r.id, label: r.label };
    if (r.streamStatus === 'interrupted' || r.streamStatus === 'closed') {
      out.push({ ...base, id: `${r.id}:stream`, kind: 'disconnected' });
    }
    if (r.keyExpiresAt !== null && !keysSeen.has(r.profileId)) {
      keysSeen.add(r.profileId);
      const left = r.keyExpiresAt - now;
      if (left <= 0) out.push({ ...base, id: `${r.profileId}:key`, kind: 'keyExpired' });
      else if (left < KEY_WARN_DAYS * DAY) {
        out.push({
          ...base,
          id: `${r.profileId}:key`,
          kind: 'keyExpiring',
          value: String(Math.ceil(left / DAY)),
        });
      }
    }
    if (floor && r.equityKrw !== null && lt(r.equityKrw, floor)) {
      out.push({ ...base, id: `${r.id}:floor`, kind: 'belowFloor', value: floor });
    }
    if (
      big &&
      r.largestFillKrw !== null &&
      r.largestFillAt !== null &&
      r.largestFillAt >= kstDayStart(now) &&
      gte(r.largestFillKrw, big)
    ) {
      out.push({
        ...base,
        id: `${r.id}:fill`,
        kind: 'largeFill',
        value: r.largestFillKrw,
        at: r.largestFillAt,
      });
    }
  }
  const order: AlertKind[] = ['disconnected', 'keyExpired', 'belowFloor', 'largeFill', 'keyExpiring'];
  return out.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}
