// Start-up calls in parallel (issue 12). Before the first render: the session, the key info and the accounts

// (for the chosen profile, or without a profile header, which the proxy answers with its default profile)
// all leave at once, and the order book of the trading screen subscribes at once, instead of each waiting
// for the session to come back first. Answers land in the query cache under the keys the views use.
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { accountSchema, keyInfoSchema } from '../../core/schemas/account.js';
import { startBookEarly, stopBookEarly } from '../features/trading/book/useBook.js';
import { apiGet } from '../lib/api.js';
import { qk } from '../lib/queryKeys.js';
import { fetchSession, type Session } from '../lib/session.js';
import { getPrefs } from '../store/prefs.js';
import { currentRoute } from './router.js';

/** The profile the views will use once the session is known (same rule as useActiveProfile). */
export function activeProfileId(s: Session, chosen: string | null): string | null {
  return (
    s.profiles.find((p) => p.id === chosen)?.id ??
    s.profiles.find((p) => p.id === s.defaultProfileId)?.id ??
    s.profiles[0]?.id ??
    null
  );
}

export function startEarly(client: QueryClient) {
  const prefs = getPrefs();
  if (currentRoute() === 'trade') startBookEarly(prefs.symbol, null);
  const chosen = prefs.profileId;
  const keyInfo = apiGet('/v2/currentKeyInfo', undefined, { profileId: chosen, schema: keyInfoSchema });
  const accounts = apiGet('/v2/accounts', undefined, { profileId: chosen, schema: z.array(accountSchema) });
  // failures are left to the views' own queries, which retry and show the error
  keyInfo.catch(() => {});
  accounts.catch(() => {});
  client
    .fetchQuery({ queryKey: qk.session(), queryFn: fetchSession, staleTime: 30_000 })
    .then((s) => {
      const id = activeProfileId(s, chosen);
      // the early answers count only for the profile they were asked for (the chosen one, or the default)
      if (!id || id !== (chosen ?? s.defaultProfileId)) return;
      client.prefetchQuery({ queryKey: qk.keyInfo(id), queryFn: () => keyInfo, staleTime: 60_000 });
      client.prefetchQuery({ queryKey: qk.accounts(id), queryFn: () => accounts, staleTime: 60_000 });
    })
    // without a session the trading screen never mounts: do not keep its book stream knocking
    .catch(() => stopBookEarly());
}
