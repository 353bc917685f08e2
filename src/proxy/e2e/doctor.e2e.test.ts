// Connection doctor and the key check on profile add, against the real sandbox through the proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoctorReport } from '../../core/proxyApi/doctor.js';
import type { DoctorLine } from '../doctor/checks.js';
import { doctorCommand } from '../doctor/command.js';
import { type Stack, startSandboxStack } from './sandboxHarness.js';

let s: Stack;
beforeAll(async () => {
  s = await startSandboxStack();
});
afterAll(async () => {
  await s.close();
});

const byId = (r: DoctorReport) => Object.fromEntries(r.lines.map((l: DoctorLine) => [l.id, l]));

describe('connection doctor', () => {
  it('GET /api/doctor: every line ok for the demo key, with what the key can do', async () => {
    const r = await s.t.api('GET', '/api/doctor');
    expect(r.status).toBe(200);
    const rep = r.json as DoctorReport;
    const l = byId(rep);
    expect(rep.upstream.live).toBe(false);
    expect(rep.profile?.id).toBe('sandbox-hmac');
    for (const id of ['reach', 'clock', 'stream', 'key', 'expiry', 'permissions', 'accounts', 'ip']) {
      expect(l[id]?.status, `${id}: ${JSON.stringify(l[id])}`).toBe('ok');
    }
    expect(l.permissions!.detail.en).toContain('place and cancel orders');
    expect(l.accounts!.detail.en).toBe('accounts 1, 2, 3');
    expect(l.ip!.detail.en).toContain('127.0.0.1');
    expect(l.ratelimit?.detail.en).toMatch(/\d+ of \d+ left/);
    // the ED25519 profile is checked with its own key
    const ed = (await s.t.api('GET', '/api/doctor?profile=sandbox-ed25519')).json as DoctorReport;
    expect(byId(ed).key!.detail.en).toContain('ed25519');
    expect((await s.t.api('GET', '/api/doctor?profile=nope')).status).toBe(404);
  });

  it('sees clock skew, a whitelist that excludes us, and a deactivated key, each with its fix', async () => {
    const creds = s.sbx.credentials.hmac;
    try {
      await s.admin('/faults', { clockSkewMs: 7000 });
      await s.admin('/keys/update', { apiKey: creds.apiKey, whitelist: '198.51.100.1' });
      const l = byId((await s.t.api('GET', '/api/doctor')).json as DoctorReport);
      expect(l.clock!.status).toBe('problem');
      expect(l.clock!.detail.en).toMatch(/behind/);
      expect(l.ip!.status).toBe('problem');
      expect(l.ip!.fix!.en).toContain('127.0.0.1');

      await s.admin('/faults/reset', {});
      await s.admin('/keys/update', { apiKey: creds.apiKey, whitelist: '', status: 'deactivated' });
      const d = byId((await s.t.api('GET', '/api/doctor')).json as DoctorReport);
      expect(d.key!.status).toBe('problem');
      expect(d.key!.fix).toBeDefined();
    } finally {
      await s.admin('/faults/reset', {});
      await s.admin('/keys/update', { apiKey: creds.apiKey, whitelist: '', status: 'activated' });
    }
  });

  it('the CLI command prints the same checks and exits 0 when nothing is a problem', async () => {
    const keys = s.t.proxy.internals.keystore;
    const up = {
      name: 'custom' as const,
      restUrl: s.sbx.restUrl,
      wsPublicUrl: s.sbx.wsPublicUrl,
      wsPrivateUrl: s.sbx.wsPrivateUrl,
    };
    const r = await doctorCommand(keys, { upstream: up, profileId: 'sandbox-ed25519' });
    expect(r.code).toBe(0);
    expect(r.text).toContain('✓ Exchange reachable');
    expect(r.text).toContain('✓ API key: ');
    expect(r.text).not.toContain(s.sbx.credentials.ed25519.apiKey);
    const ko = await doctorCommand(keys, { upstream: up, lang: 'ko', json: false });
    expect(ko.text).toContain('연결 점검');
  });
});

describe('adding a profile checks the key first', () => {
  it('refuses a key the exchange does not know, and nothing is saved', async () => {
    const before = (await s.t.api('GET', '/api/profiles')).json.data.profiles.length;
    const r = await s.t.api('POST', '/api/profiles', {
      body: { label: 'bogus', apiKey: 'bogus-key-000111', type: 'hmac-sha256', secret: 'whatever-secret' },
    });
    expect(r.status).toBe(400);
    expect(r.json.error.message).toBe('KEY_REJECTED');
    expect(r.json.error.description).toContain('KEY_NOT_FOUND');
    expect(r.text).not.toContain('whatever-secret');
    expect((await s.t.api('GET', '/api/profiles')).json.data.profiles.length).toBe(before);
  });

  it('refuses a known key with the wrong secret; accepts a real one and says what it can do', async () => {
    const made = await s.admin('/keys', {
      type: 'hmac-sha256',
      permissions: ['readBalances', 'readOrders'],
      allowedAccountSeqs: [2],
    });
    const { apiKey, secret } = made.data as { apiKey: string; secret: string };
    const wrong = await s.t.api('POST', '/api/profiles', {
      body: { apiKey, type: 'hmac-sha256', secret: `${secret}x` },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toBe('KEY_REJECTED');
    const ok = await s.t.api('POST', '/api/profiles', {
      body: { label: 'viewer', apiKey, type: 'hmac-sha256', secret },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.data.keyInfo.permissions).toEqual(['readBalances', 'readOrders']);
    expect(ok.json.data.keyInfo.allowedAccountSeqs).toEqual([2]);
    expect(ok.text).not.toContain(secret);
    await s.t.api('DELETE', `/api/profiles/${ok.json.data.profile.id}`);
  });
});
