// The proxy's connection doctor (GET /api/doctor, `npm run proxy -- doctor`): one line per check,
// ok / warn / problem, with the fix in Korean and English when not ok.

export type CheckStatus = 'ok' | 'warn' | 'problem';

export interface DoctorText {
  ko: string;
  en: string;
}

export type DoctorLineId =
  | 'profile'
  | 'reach'
  | 'clock'
  | 'ip'
  | 'key'
  | 'expiry'
  | 'permissions'
  | 'accounts'
  | 'ratelimit'
  | 'stream';

export interface DoctorLine {
  id: DoctorLineId;
  status: CheckStatus;
  title: DoctorText;
  detail: DoctorText;
  fix?: DoctorText;
}

/** GET /api/doctor. */
export interface DoctorReport {
  status: CheckStatus;
  checkedAt: number;
  upstream: { name: string; restUrl: string; live: boolean };
  profile?: { id: string; label: string; type: string };
  lines: DoctorLine[];
}
