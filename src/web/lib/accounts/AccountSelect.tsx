// Account chooser: every account of the user, those the key may not touch disabled with the reason.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { accountSeqSchema } from '../../../core/schemas/common.js';
import { apiGet } from '../api.js';
import { useT } from '../i18n.js';
import { qk } from '../queryKeys.js';
import { useKeyInfo } from '../session.js';

export interface AccountOption {
  accountSeq: number;
  accountName: string;
  allowed: boolean;
}

/**
 * GET /v2/accounts, read tolerantly: the designed record names the field `accountName`, and an
 * upstream that sends `name` instead still shows its names.
 */
const namedAccountsSchema = z.pipe(
  z.array(
    z.looseObject({
      accountSeq: accountSeqSchema,
      accountName: z.nullish(z.string()),
      name: z.nullish(z.string()),
    }),
  ),
  z.transform((list) =>
    list.map((a) => ({ accountSeq: a.accountSeq, accountName: a.accountName ?? a.name ?? '' })),
  ),
);

export function fetchNamedAccounts(profileId: string | null | undefined) {
  return apiGet('/v2/accounts', undefined, { profileId, schema: namedAccountsSchema });
}

/** All accounts of the user with an `allowed` flag from the key's allowedAccountSeqs. */
export function useAccountOptions(profileId: string | null | undefined): AccountOption[] {
  const key = useKeyInfo(profileId);
  const q = useQuery({
    queryKey: qk.namedAccounts(profileId),
    queryFn: () => fetchNamedAccounts(profileId),
    enabled: !!profileId,
    staleTime: 60_000,
  });
  const allowed = key.data?.allowedAccountSeqs ?? [];
  const list = q.data ?? allowed.map((s) => ({ accountSeq: s, accountName: '' }));
  return list.map((a) => ({
    accountSeq: a.accountSeq,
    accountName: a.accountName,
    allowed: allowed.includes(a.accountSeq),
  }));
}

export function accountLabel(
  a: { accountSeq: number; accountName?: string | null },
  mainWord: string,
): string {
  const name = a.accountName || (a.accountSeq === 1 ? mainWord : '');
  return name ? `${a.accountSeq} · ${name}` : `#${a.accountSeq}`;
}

export function AccountSelect(props: {
  profileId: string | null | undefined;
  value: number;
  onChange: (seq: number) => void;
  testId?: string;
  exclude?: number;
}) {
  const t = useT();
  const options = useAccountOptions(props.profileId);
  return (
    <select
      data-testid={props.testId}
      className="h-7 rounded border border-line bg-panel2 px-2 text-[12px] text-fg outline-none focus:border-accent"
      value={props.value}
      onChange={(e) => props.onChange(Number(e.target.value))}
    >
      {options.length === 0 && <option value={props.value}>#{props.value}</option>}
      {options.map((a) => (
        <option
          key={a.accountSeq}
          value={a.accountSeq}
          disabled={!a.allowed || a.accountSeq === props.exclude}
        >
          {accountLabel(a, t('acc.mainAccount'))}
          {a.allowed ? '' : ` — ${t('acc.gate.ACCOUNT_NOT_ALLOWED', { accountSeq: a.accountSeq })}`}
        </option>
      ))}
    </select>
  );
}
