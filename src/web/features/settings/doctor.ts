// GET /api/doctor: the proxy's connection checks for one profile (run on demand; the proxy reaches
// the exchange several times per run, so it is never polled).
import { useQuery } from '@tanstack/react-query';
import type { DoctorReport } from '../../../core/proxyApi/doctor.js';
import { proxyGet } from '../../lib/api.js';
import { qk } from '../../lib/queryKeys.js';

export function useDoctor(profileId: string | null) {
  return useQuery({
    queryKey: qk.doctor(profileId),
    queryFn: () =>
      proxyGet<DoctorReport>(`/doctor${profileId ? `?profile=${encodeURIComponent(profileId)}` : ''}`),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
