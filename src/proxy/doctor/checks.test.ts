import { describe, expect, it } from 'vitest';
import { assess, type DoctorFacts, type DoctorLine, overall } from './checks.js';

const NOW = Date.UTC(2026, 10, 26, 3, 0, 0);
const DAY = 86_400_000;

function facts(over: Partial<DoctorFacts> = {}): DoctorFacts {
  return {
    now: NOW,
    upstream: { name: 'live', restUrl: 'https://api.example', live: true },
    recvWindow: 5000,
    profile: { id: 'p1', label: 'desk', type: 'hmac-sha256' },
    time: { ok: true, rttMs: 40, offsetMs: 120 },
    ip: { ok: true, ip: '203.0.113.7' },
    keyInfo: {
      ok: true,
      info: {
        type: 'hmac-sha256',
        status: 'activated',
        permissions: ['readBalances', 'readOrders', 'writeOrders'],
        whitelist: '203.0.113.7, 198.51.100.1',
        expiration: NOW + 200 * DAY,
        allowedAccountSeqs: [1, 2],
      },
    },
    rateLimit: { limit: 50, remaining: 48, resetSec: 1 },
    stream: { ok: true, ms: 80 },
    ...over,
  };
}

const line = (lines: DoctorLine[], id: DoctorLine['id']) => lines.find((l) => l.id === id);

describe('doctor checks', () => {
  it('a healthy live setup is all ok, every line in both languages', () => {
    const lines = assess(facts());
    expect(lines.map((l) => [l.id, l.status])).toEqual([
      ['reach', 'ok'],
      ['clock', 'ok'],
      ['stream', 'ok'],
      ['key', 'ok'],
      ['expiry', 'ok'],
      ['permissions', 'ok'],
      ['accounts', 'ok'],
      ['ip', 'ok'],
      ['ratelimit', 'ok'],
    ]);
    for (const l of lines) {
      expect(l.title.ko && l.title.en && l.detail.ko && l.detail.en).toBeTruthy();
      expect(l.fix).toBeUndefined();
    }
    expect(overall(lines)).toBe('ok');
    expect(line(lines, 'permissions')!.detail.en).toContain('cannot: see deposits');
  });

  it('clock: warns past 1 s, a problem past the recvWindow budget, and says which way', () => {
    const warn = line(assess(facts({ time: { ok: true, rttMs: 40, offsetMs: -1500 } })), 'clock')!;
    expect(warn.status).toBe('warn');
    expect(warn.detail.en).toContain('1500 ms ahead of');
    expect(warn.fix?.en).toMatch(/NTP/);
    const bad = line(assess(facts({ time: { ok: true, rttMs: 400, offsetMs: 4700 } })), 'clock')!;
    expect(bad.status).toBe('problem'); // 4700 >= 5000 - 400
    expect(bad.detail.en).toContain('behind');
  });

  it('an unreachable upstream is a problem and skips the clock line', () => {
    const lines = assess(
      facts({ time: { ok: false, code: 'UPSTREAM_UNREACHABLE', message: 'connect ECONNREFUSED' } }),
    );
    expect(line(lines, 'reach')!.status).toBe('problem');
    expect(line(lines, 'clock')).toBeUndefined();
    expect(overall(lines)).toBe('problem');
  });

  it('ip: not on the whitelist is a problem naming the address to add; no whitelist warns on live only', () => {
    const off = line(assess(facts({ ip: { ok: true, ip: '192.0.2.9' } })), 'ip')!;
    expect(off.status).toBe('problem');
    expect(off.fix!.en).toContain('192.0.2.9');
    const open = facts();
    if (open.keyInfo?.ok) open.keyInfo.info.whitelist = '';
    expect(line(assess(open), 'ip')!.status).toBe('warn');
    expect(line(assess({ ...open, upstream: { ...open.upstream, live: false } }), 'ip')!.status).toBe('ok');
  });

  it('key refused by the exchange: the code is kept and the fix fits it', () => {
    const lines = assess(
      facts({ keyInfo: { ok: false, code: 'KEY_NOT_FOUND', message: 'The API key does not exist.' } }),
    );
    const key = line(lines, 'key')!;
    expect(key.status).toBe('problem');
    expect(key.detail.en).toContain('KEY_NOT_FOUND');
    expect(key.fix!.en).toMatch(/does not know this key/);
    expect(line(lines, 'permissions')).toBeUndefined();
    const ip = line(assess(facts({ keyInfo: { ok: false, code: 'IP_NOT_ALLOWED', message: 'x' } })), 'ip')!;
    expect(ip.status).toBe('problem');
  });

  it('expiry within 30 days warns, past expiry is a problem; deactivated or wrong type is a problem', () => {
    const f = facts();
    if (!f.keyInfo?.ok) throw new Error('fixture');
    f.keyInfo.info.expiration = NOW + 10 * DAY + 1000;
    expect(line(assess(f), 'expiry')!.detail.en).toContain('10 days left');
    expect(line(assess(f), 'expiry')!.status).toBe('warn');
    // the date in the exchange's time: 20:00 UTC is 05:00 the next day in KST
    f.keyInfo.info.expiration = Date.UTC(2026, 11, 1, 20, 0, 0);
    expect(line(assess(f), 'expiry')!.detail.en).toBe('expires 2026-12-02 05:00 KST (5 days left)');
    f.keyInfo.info.expiration = NOW - DAY;
    expect(line(assess(f), 'expiry')!.status).toBe('problem');
    expect(line(assess(f), 'expiry')!.detail.ko).toBe('2026-11-25 12:00 KST 에 만료됨');
    f.keyInfo.info.status = 'deactivated';
    expect(line(assess(f), 'key')!.status).toBe('problem');
    f.keyInfo.info.status = 'activated';
    f.keyInfo.info.type = 'ed25519';
    expect(line(assess(f), 'key')!.fix!.en).toContain('hmac-sha256');
  });

  it('permissions and accounts: missing trading rights warn; no main account warns; none is a problem', () => {
    const f = facts();
    if (!f.keyInfo?.ok) throw new Error('fixture');
    f.keyInfo.info.permissions = ['readBalances'];
    expect(line(assess(f), 'permissions')!.status).toBe('warn');
    f.keyInfo.info.allowedAccountSeqs = [2, 3];
    expect(line(assess(f), 'accounts')!.status).toBe('warn');
    f.keyInfo.info.allowedAccountSeqs = [];
    expect(line(assess(f), 'accounts')!.status).toBe('problem');
  });

  it('rate-limit headroom under 20 % warns; no profile is a problem with the command to add one', () => {
    expect(
      line(assess(facts({ rateLimit: { limit: 50, remaining: 5, resetSec: 1 } })), 'ratelimit')!.status,
    ).toBe('warn');
    const none = assess(facts({ profile: undefined, keyInfo: undefined, rateLimit: undefined }));
    expect(line(none, 'profile')!.fix!.en).toContain('key add');
    expect(line(none, 'ip')).toBeUndefined();
  });
});
