// Axis and crosshair labels in the user's language. Chart times are already shifted to KST or local time
// (the chart reads them as UTC), so the parts are read with the UTC getters.

const KO_DAYS = ['일', '월', '화', '수', '목', '금', '토'];
const EN_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const p2 = (n: number) => String(n).padStart(2, '0');

/** Crosshair label: "2026.11.26 (목) 12:15" or "Thu 26 Nov 2026 12:15"; daily and weekly bars without the time. */
export function crosshairLabel(sec: number, lang: 'ko' | 'en', withTime: boolean): string {
  const d = new Date(sec * 1000);
  const y = d.getUTCFullYear();
  const mo = d.getUTCMonth();
  const day = d.getUTCDate();
  const wd = d.getUTCDay();
  const time = withTime ? ` ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}` : '';
  return lang === 'ko'
    ? `${y}.${p2(mo + 1)}.${p2(day)} (${KO_DAYS[wd]})${time}`
    : `${EN_DAYS[wd]} ${day} ${EN_MONTHS[mo]} ${y}${time}`;
}

/** Tick mark type as lightweight-charts numbers it: Year, Month, DayOfMonth, Time, TimeWithSeconds. */
export function tickLabel(sec: number, type: number, lang: 'ko' | 'en'): string {
  const d = new Date(sec * 1000);
  switch (type) {
    case 0:
      return lang === 'ko' ? `${d.getUTCFullYear()}년` : String(d.getUTCFullYear());
    case 1:
      return lang === 'ko' ? `${d.getUTCMonth() + 1}월` : EN_MONTHS[d.getUTCMonth()]!;
    case 2:
      return lang === 'ko' ? `${d.getUTCDate()}일` : String(d.getUTCDate());
    case 4:
      return `${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`;
    default:
      return `${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}`;
  }
}
