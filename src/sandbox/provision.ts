/**
 * First-start provisioning: the demo user (accounts 1 Main, 2 and 3 named sub-accounts) funded with
 * KRW and coins, two keys with all nine permissions and allowedAccountSeqs [1,2,3] (HMAC-SHA256 and
 * ED25519; the ED25519 private key is handed out, never stored in the database), withdrawal
 * addresses, and <dataDir>/credentials.json (mode 0600).
 */
import fs from 'node:fs';
import path from 'node:path';
import { toLedger } from './engine/units.js';
import type { Committer } from './exchange/commit.js';
import type { Funding } from './funding/funding.js';
import type { Ledger } from './ledger/ledger.js';
import type { Store } from './store/db.js';
import { ALL_PERMISSIONS, type Users } from './users/users.js';

export interface Credentials {
  hmac: { apiKey: string; secret: string };
  ed25519: { apiKey: string; privateKeyPem: string; publicKeyPem: string };
}

export const DEMO_USER = 'demo';
export const DEMO_FUNDING: Record<string, Record<string, string>> = {
  '1': { krw: '100000000', btc: '1.5', eth: '20', xrp: '50000', sol: '300', doge: '200000', usdt: '20000' },
  '2': { krw: '30000000', btc: '0.5', eth: '5' },
  '3': { krw: '10000000', usdt: '5000' },
};

/**
 * Cost basis of the demo holdings (avgPrice), a little off the markets' reference prices, so
 * average buy price, unrealized P&L and return read like a real portfolio from the first open.
 */
export const DEMO_AVG_PRICE: Record<string, string> = {
  btc: '131250000',
  eth: '5215000',
  xrp: '2890',
  sol: '238500',
  doge: '372',
  usdt: '1441',
};

export function credentialsPath(dataDir: string): string {
  return path.join(dataDir, 'credentials.json');
}

export function readCredentials(dataDir: string): Credentials | undefined {
  try {
    return JSON.parse(fs.readFileSync(credentialsPath(dataDir), 'utf8')) as Credentials;
  } catch {
    return undefined;
  }
}

export function writeCredentials(dataDir: string, c: Credentials): void {
  const p = credentialsPath(dataDir);
  fs.writeFileSync(p, `${JSON.stringify(c, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(p, 0o600);
}

/** Returns the demo user's id, provisioning everything on first start. */
export function provisionDemo(
  store: Store,
  users: Users,
  ledger: Ledger,
  funding: Funding,
  commit: Committer,
  now: number,
): { userId: number; credentials: Credentials } {
  const existing = users.userByName(DEMO_USER);
  const saved = readCredentials(store.dataDir);
  if (existing && saved) return { userId: existing.id, credentials: saved };
  let userId = existing?.id ?? 0;
  let creds: Credentials | undefined;
  commit.run(() => {
    if (!existing) {
      userId = users.createUser(DEMO_USER, false, now);
      users.createAccount(userId, 'Trading', now, 2);
      users.createAccount(userId, 'Savings', now, 3);
      for (const [seq, funds] of Object.entries(DEMO_FUNDING)) {
        for (const [cur, amount] of Object.entries(funds)) {
          const u = toLedger(amount)!;
          ledger.credit(userId, Number(seq), cur, u, now);
          ledger.flow(cur, 'funding', u);
          const avg = DEMO_AVG_PRICE[cur];
          if (avg) ledger.setAvgPrice(userId, Number(seq), cur, avg);
        }
      }
    }
    const common = { userId, permissions: [...ALL_PERMISSIONS], allowedAccountSeqs: [1, 2, 3] };
    const h = users.createKey({ ...common, type: 'hmac-sha256', label: 'demo HMAC' }, now);
    const e = users.createKey({ ...common, type: 'ed25519', label: 'demo ED25519' }, now);
    creds = {
      hmac: { apiKey: h.key.apiKey, secret: h.secret! },
      ed25519: { apiKey: e.key.apiKey, privateKeyPem: e.privateKeyPem!, publicKeyPem: e.publicKeyPem! },
    };
  });
  if (!existing) {
    funding.addWithdrawableAddress(
      userId,
      'btc',
      'BTC',
      'bc1qsandboxdemowithdrawal0000000000000000',
      undefined,
      'My BTC wallet',
    );
    funding.addWithdrawableAddress(
      userId,
      'eth',
      'ETH',
      '0x00000000000000000000000000000000000dem0',
      undefined,
      'My ETH wallet',
    );
    funding.addWithdrawableAddress(
      userId,
      'xrp',
      'XRP',
      'rSandboxDemoWithdrawal000000000000',
      '12345',
      'My XRP wallet',
    );
    funding.addWithdrawableAddress(
      userId,
      'usdt',
      'ETH',
      '0x00000000000000000000000000000000000dem0',
      undefined,
      'My USDT wallet',
    );
    // Registered for every asset of its network: the live list then omits `currency`.
    funding.addWithdrawableAddress(
      userId,
      'usdt',
      'TRX',
      'TSandboxDemoAnyAssetWallet0000000',
      undefined,
      'Any-asset TRX wallet',
      true,
    );
  }
  writeCredentials(store.dataDir, creds!);
  return { userId, credentials: creds! };
}
