// GET /api/doctor: the proxy's connection checks for one profile (run on demand; the proxy reaches
// the exchange several times per run, so it is never polled).
import { useQuery } from '@tanstack/react-query';
import { proxyGet } from '../../lib/api.js';

export type CheckStatus = 'ok' | 'warn' | 'problem';
export interface DoctorText {
  ko: string;
  en: string;
}
export interface DoctorLine {
  id: string;
  status: CheckStatus;
  title: DoctorText;
  detail: DoctorText;
  fix?: DoctorText;
}
export interface DoctorReport {
  status: CheckStatus;
  checkedAt: number;
  upstream: { name: string; restUrl: string; live: boolean };
  profile?: { id: string; label: string; type: string };
  lines: DoctorLine[];
}

export function useDoctor(profileId: string | null) {
  return useQuery({
    queryKey: ['proxy', 'doctor', profileId ?? ''],
    queryFn: () =>
      proxyGet<DoctorReport>(`/doctor${profileId ? `?profile=${encodeURIComponent(profileId)}` : ''}`),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
