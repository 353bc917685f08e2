// Accounts for the server bench, made through the sandbox's admin API (loopback): `users` users with
// `perUser` accounts each (the main one and sub-accounts), one HMAC key per user allowed on all of
// them, KRW on every account. Placements then spread over all of them, as many traders would.
import type { Pool } from 'undici';

export interface BenchAccount {
  apiKey: string;
  secret: string;
  accountSeq: number;
}

async function admin<T>(pool: Pool, path: string, body: object): Promise<T> {
  const res = await pool.request({
    method: 'POST',
    path: `/admin/${path}`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const out = (await res.body.json()) as { success: boolean; data: T };
  if (res.statusCode !== 200 || !out.success)
    throw new Error(`admin ${path} answered ${res.statusCode}: ${JSON.stringify(out).slice(0, 200)}`);
  return out.data;
}

export async function makeAccounts(pool: Pool, users: number, perUser: number): Promise<BenchAccount[]> {
  const out: BenchAccount[] = [];
  const tag = Date.now().toString(36);
  for (let u = 0; u < users; u++) {
    const subs = Array.from({ length: perUser - 1 }, (_, i) => `sub${i + 2}`);
    const made = await admin<{ userId: number; accounts: Array<{ accountSeq: number }> }>(pool, 'users', {
      name: `bench-${tag}-${u}`,
      subAccounts: subs,
    });
    const seqs = made.accounts.map((a) => a.accountSeq);
    const key = await admin<{ apiKey: string; secret: string }>(pool, 'keys', {
      userId: made.userId,
      type: 'hmac-sha256',
      allowedAccountSeqs: seqs,
    });
    for (const seq of seqs) {
      await admin(pool, 'balance', {
        userId: made.userId,
        accountSeq: seq,
        currency: 'krw',
        amount: '10000000000',
      });
      out.push({ apiKey: key.apiKey, secret: key.secret, accountSeq: seq });
    }
  }
  return out;
}
