// Display formatting: the core's decimal formatters plus time formatting (KST by default).
export * from '../../core/format.js';

import type { TimeZonePref } from '../store/prefs.js';
import { usePrefs } from '../store/prefs.js';

const KST_OFFSET_MS = 9 * 3600_000;

function parts(ms: number, tz: TimeZonePref) {
  if (tz === 'kst') {
    const d = new Date(ms + KST_OFFSET_MS);
    return {
      y: d.getUTCFullYear(),
      mo: d.getUTCMonth() + 1,
      d: d.getUTCDate(),
      h: d.getUTCHours(),
      mi: d.getUTCMinutes(),
      s: d.getUTCSeconds(),
      ms: d.getUTCMilliseconds(),
    };
  }
  const d = new Date(ms);
  return {
    y: d.getFullYear(),
    mo: d.getMonth() + 1,
    d: d.getDate(),
    h: d.getHours(),
    mi: d.getMinutes(),
    s: d.getSeconds(),
    ms: d.getMilliseconds(),
  };
}

const p2 = (n: number) => String(n).padStart(2, '0');

/** 2026-11-25 21:55:03 */
export function formatDateTime(ms: number | null | undefined, tz: TimeZonePref = 'kst'): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '-';
  const p = parts(ms, tz);
  return `${p.y}-${p2(p.mo)}-${p2(p.d)} ${p2(p.h)}:${p2(p.mi)}:${p2(p.s)}`;
}

/** 21:55:03 */
export function formatTime(ms: number | null | undefined, tz: TimeZonePref = 'kst'): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '-';
  const p = parts(ms, tz);
  return `${p2(p.h)}:${p2(p.mi)}:${p2(p.s)}`;
}

/** 11-25 21:55 */
export function formatShortDateTime(ms: number | null | undefined, tz: TimeZonePref = 'kst'): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '-';
  const p = parts(ms, tz);
  return `${p2(p.mo)}-${p2(p.d)} ${p2(p.h)}:${p2(p.mi)}`;
}

/** Offset (ms) to add to a UTC timestamp so that UTC getters show wall-clock time in the chosen zone. */
export function tzOffsetMs(tz: TimeZonePref, atMs = Date.now()): number {
  return tz === 'kst' ? KST_OFFSET_MS : -new Date(atMs).getTimezoneOffset() * 60_000;
}

export function tzLabel(tz: TimeZonePref): string {
  return tz === 'kst' ? 'KST' : 'Local';
}

/** Hook: formatters bound to the user's time-zone preference. */
export function useTimeFormat() {
  const tz = usePrefs((s) => s.timezone);
  return {
    tz,
    dateTime: (ms: number | null | undefined) => formatDateTime(ms, tz),
    time: (ms: number | null | undefined) => formatTime(ms, tz),
    short: (ms: number | null | undefined) => formatShortDateTime(ms, tz),
  };
}
