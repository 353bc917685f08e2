/**
 * Users, their accounts (accountSeq 1 = main) and API keys. HMAC secrets are stored (the server
 * must recompute signatures); for ED25519 only the public key is stored.
 */
import crypto from 'node:crypto';
import type Database from 'better-sqlite3';
import { PERMISSIONS } from '../../core/permissions.js';
import type { Store } from '../store/db.js';
import type { ApiKeyRecord, Permission } from '../types.js';

export const ALL_PERMISSIONS: Permission[] = [...PERMISSIONS];

export const KEY_VALIDITY_MS = 365 * 86_400_000;

export interface Account {
  accountSeq: number;
  name: string;
  createdAt: number;
}

export interface NewKeyInput {
  userId: number;
  type: 'hmac-sha256' | 'ed25519';
  permissions?: Permission[];
  allowedAccountSeqs?: number[];
  whitelist?: string[];
  expiration?: number;
  label?: string;
  /** ED25519: the user's public key (SPKI PEM). When omitted the sandbox generates a pair. */
  publicKeyPem?: string;
}

export interface NewKeyResult {
  key: ApiKeyRecord;
  secret?: string;
  privateKeyPem?: string;
  publicKeyPem?: string;
}

export class Users {
  private readonly keys = new Map<string, ApiKeyRecord>();

  constructor(private readonly store: Store) {
    for (const r of store.db.prepare('SELECT data FROM api_keys').all() as Array<{ data: string }>) {
      const k = JSON.parse(r.data) as ApiKeyRecord;
      this.keys.set(k.apiKey, k);
    }
  }

  userByName(name: string): { id: number; isBot: boolean } | undefined {
    const r = this.store.db.prepare('SELECT id, is_bot FROM users WHERE name = ?').get(name) as
      | { id: number; is_bot: number }
      | undefined;
    return r ? { id: r.id, isBot: r.is_bot === 1 } : undefined;
  }

  private readonly statuses = new Map<number, string>();

  /** 'active' or 'suspended' (cached). */
  status(id: number): string {
    let st = this.statuses.get(id);
    if (st === undefined) {
      const r = this.store.db.prepare('SELECT status FROM users WHERE id = ?').get(id) as
        | { status: string }
        | undefined;
      st = r?.status ?? 'active';
      this.statuses.set(id, st);
    }
    return st;
  }

  setStatus(id: number, status: 'active' | 'suspended'): void {
    this.store.db.prepare('UPDATE users SET status = ? WHERE id = ?').run(status, id);
    this.statuses.set(id, status);
  }

  userExists(id: number): boolean {
    return this.store.db.prepare('SELECT 1 FROM users WHERE id = ?').get(id) !== undefined;
  }

  listUsers(): Array<{ id: number; name: string; isBot: boolean; createdAt: number }> {
    return (
      this.store.db.prepare('SELECT id, name, is_bot, created_at FROM users ORDER BY id').all() as Array<{
        id: number;
        name: string;
        is_bot: number;
        created_at: number;
      }>
    ).map((r) => ({ id: r.id, name: r.name, isBot: r.is_bot === 1, createdAt: r.created_at }));
  }

  /** Creates a user with its main account (seq 1). Call inside a transaction. */
  createUser(name: string, isBot: boolean, now: number): number {
    const info = this.store.db
      .prepare('INSERT INTO users(name, is_bot, created_at) VALUES (?, ?, ?)')
      .run(name, isBot ? 1 : 0, now);
    const id = Number(info.lastInsertRowid);
    this.createAccount(id, 'Main', now, 1);
    return id;
  }

  createAccount(userId: number, name: string, now: number, seq?: number): number {
    const next =
      seq ??
      ((
        this.store.db.prepare('SELECT MAX(seq) m FROM accounts WHERE user_id = ?').get(userId) as {
          m: number | null;
        }
      ).m ?? 0) + 1;
    this.store.db
      .prepare('INSERT INTO accounts(user_id, seq, name, created_at) VALUES (?, ?, ?, ?)')
      .run(userId, next, name, now);
    return next;
  }

  accounts(userId: number): Account[] {
    return (
      this.store.db
        .prepare('SELECT seq, name, created_at FROM accounts WHERE user_id = ? ORDER BY seq')
        .all(userId) as Array<{ seq: number; name: string; created_at: number }>
    ).map((r) => ({
      accountSeq: r.seq,
      name: r.name,
      createdAt: r.created_at,
    }));
  }

  private accountStmt: Database.Statement | undefined;
  /** Accounts seen to exist (accounts are never removed), as `userId:seq`. */
  private readonly knownAccounts = new Set<string>();

  /**
   * Checked on every signed request. An account found outside a transaction is remembered (accounts
   * are never removed, and a committed row cannot be rolled back), so the database is asked once.
   */
  hasAccount(userId: number, seq: number): boolean {
    const k = `${userId}:${seq}`;
    if (this.knownAccounts.has(k)) return true;
    this.accountStmt ??= this.store.db.prepare('SELECT 1 FROM accounts WHERE user_id = ? AND seq = ?');
    const found = this.accountStmt.get(userId, seq) !== undefined;
    if (found && !this.store.db.inTransaction) this.knownAccounts.add(k);
    return found;
  }

  getKey(apiKey: string): ApiKeyRecord | undefined {
    return this.keys.get(apiKey);
  }

  keysOf(userId: number): ApiKeyRecord[] {
    return [...this.keys.values()].filter((k) => k.userId === userId);
  }

  createKey(input: NewKeyInput, now: number): NewKeyResult {
    const apiKey = crypto.randomBytes(24).toString('base64url');
    const key: ApiKeyRecord = {
      apiKey,
      userId: input.userId,
      type: input.type,
      permissions: input.permissions ?? [...ALL_PERMISSIONS],
      whitelist: input.whitelist ?? [],
      expiration: input.expiration ?? now + KEY_VALIDITY_MS,
      status: 'activated',
      label: input.label ?? `${input.type} key`,
      allowedAccountSeqs: input.allowedAccountSeqs ?? [1],
      createdAt: now,
    };
    const out: NewKeyResult = { key };
    if (input.type === 'hmac-sha256') {
      out.secret = crypto.randomBytes(32).toString('base64url');
      key.secret = out.secret;
    } else if (input.publicKeyPem) {
      key.publicKeyPem = crypto
        .createPublicKey(input.publicKeyPem)
        .export({ type: 'spki', format: 'pem' })
        .toString();
    } else {
      const pair = crypto.generateKeyPairSync('ed25519');
      out.privateKeyPem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      out.publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
      key.publicKeyPem = out.publicKeyPem;
    }
    this.saveKey(key);
    return out;
  }

  saveKey(key: ApiKeyRecord): void {
    this.keys.set(key.apiKey, key);
    this.store.db
      .prepare(
        'INSERT INTO api_keys(api_key, user_id, data) VALUES (?, ?, ?) ON CONFLICT(api_key) DO UPDATE SET data = excluded.data',
      )
      .run(key.apiKey, key.userId, JSON.stringify(key));
  }
}
