import type { DoctorReport } from '../../core/proxyApi/doctor.js';
import type { DoctorLine } from './checks.js';

const MARK = { ok: '✓', warn: '⚠', problem: '✗' } as const;

/** The doctor report as terminal text (English, or Korean with lang 'ko'). */
export function formatReport(r: DoctorReport, lang: 'ko' | 'en' = 'en'): string {
  const head =
    lang === 'ko'
      ? `연결 점검: ${r.upstream.name} ${r.upstream.restUrl}${r.profile ? `, 프로필 ${r.profile.label} (${r.profile.id})` : ''}`
      : `Connection doctor: ${r.upstream.name} ${r.upstream.restUrl}${r.profile ? `, profile ${r.profile.label} (${r.profile.id})` : ''}`;
  const lines = r.lines.map((l: DoctorLine) => {
    const fix = l.fix ? `\n      → ${l.fix[lang]}` : '';
    return `  ${MARK[l.status]} ${l.title[lang]}: ${l.detail[lang]}${fix}`;
  });
  const verdict =
    lang === 'ko'
      ? { ok: '모두 정상', warn: '경고가 있습니다', problem: '문제가 있습니다' }[r.status]
      : { ok: 'all good', warn: 'warnings', problem: 'problems found' }[r.status];
  return [head, ...lines, `${MARK[r.status]} ${verdict}`].join('\n');
}
