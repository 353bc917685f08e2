// Which accounts the ledger reads: each profile's key info (GET /v2/currentKeyInfo) names its user and
// accounts; several keys of one user are read once, under the first profile. A profile whose key info
// cannot be read is returned with its error, so its accounts are shown as not being read.
import type { Keystore } from '../keystore/store.js';
import { asApiError, type LedgerReader } from './reader.js';
import type { AccountRef } from './syncLists.js';

export interface SyncAccount extends AccountRef {
  permissions: ReadonlySet<string>;
}

export interface Discovery {
  accounts: SyncAccount[];
  /** The owner of every profile read, also of keys whose accounts another profile reads. */
  ownerOf: Map<string, string>;
  failures: { profileId: string; code: string; message: string }[];
}

export async function discoverAccounts(reader: LedgerReader, keystore: Keystore): Promise<Discovery> {
  const seen = new Set<string>();
  const out: Discovery = { accounts: [], ownerOf: new Map(), failures: [] };
  for (const p of keystore.list()) {
    try {
      const ki = (await reader.read('/v2/currentKeyInfo', [], p.id, 1)) as {
        userUuid?: string;
        allowedAccountSeqs?: number[];
        permissions?: string[];
      };
      const owner = ki.userUuid ?? `profile:${p.id}`;
      out.ownerOf.set(p.id, owner);
      if (seen.has(owner)) continue;
      seen.add(owner);
      const permissions = new Set(ki.permissions ?? []);
      for (const seq of ki.allowedAccountSeqs ?? [1])
        out.accounts.push({ owner, profileId: p.id, accountSeq: seq, permissions });
    } catch (e) {
      const err = asApiError(e);
      out.failures.push({ profileId: p.id, code: err.code, message: err.description });
    }
  }
  return out;
}
