import type { Vars } from '../../lib/i18n.js';
import type { WithdrawIssue } from './withdrawRules.js';

export function withdrawIssueText(t: (k: string, v?: Vars) => string, issue: WithdrawIssue): string {
  const { code, ...vars } = issue;
  return t(`acc.wd.issue.${code}`, vars as Vars);
}
