// The doctor's verdict: every line, in reading order (pure; probe.ts gathers the facts).
import { CAPABILITIES } from './capabilities.js';
import { accountsLine, expiryLine, ipLine, keyLines, permissionsLine, rateLimitLine } from './keyLines.js';
import { clockLine, reachLine, streamLine } from './networkLines.js';
import type { CheckStatus, DoctorFacts, DoctorLine } from './types.js';

export type { CheckStatus, DoctorFacts, DoctorLine, KeyInfoFacts, Outcome, Text } from './types.js';
export {
  accountsLine,
  CAPABILITIES,
  clockLine,
  expiryLine,
  ipLine,
  keyLines,
  permissionsLine,
  rateLimitLine,
  reachLine,
  streamLine,
};

export function assess(f: DoctorFacts): DoctorLine[] {
  const lines: DoctorLine[] = [reachLine(f)];
  const clock = clockLine(f);
  if (clock) lines.push(clock);
  lines.push(streamLine(f), ...keyLines(f));
  if (f.profile) lines.push(ipLine(f));
  const rl = rateLimitLine(f);
  if (rl) lines.push(rl);
  return lines;
}

export function overall(lines: DoctorLine[]): CheckStatus {
  if (lines.some((l) => l.status === 'problem')) return 'problem';
  if (lines.some((l) => l.status === 'warn')) return 'warn';
  return 'ok';
}
