/**
 * Admin routes of the sandbox profile (profile.ts): GET /admin/profile (the profile, its shares, the
 * strict readings in force and how often each failure has fired), POST /admin/profile
 * {tryAgainCancelShare?: 0..1, readFailShare?: 0..1} (works in either profile; bad input changes
 * nothing and answers 400 BAD_REQUEST).
 */
import type { SbxInternals } from '../internals.js';
import { type AdminRoute, bad } from './input.js';

function view(sbx: SbxInternals) {
  return {
    ...sbx.profile.state(),
    counts: { tryAgain: sbx.faults.count('tryAgain'), readFail: sbx.faults.count('readFail') },
  };
}

export const profileAdminRoutes: AdminRoute[] = [
  { method: 'GET', path: '/admin/profile', handle: (sbx) => view(sbx) },
  {
    method: 'POST',
    path: '/admin/profile',
    handle: (sbx, i) => {
      const r = sbx.profile.configure(i);
      if (!r.ok) throw bad(r.reason);
      sbx.log(`sandbox: profile ${JSON.stringify(r.value)}`);
      return view(sbx);
    },
  },
];
