import { describe, expect, it } from 'vitest';
import { Redactor } from './log.js';

describe('Redactor', () => {
  it('replaces known secrets, raw and URL-encoded', () => {
    const r = new Redactor();
    r.add('s3cr3t/value+x');
    expect(r.redact('a s3cr3t/value+x b s3cr3t%2Fvalue%2Bx c')).toBe('a [REDACTED] b [REDACTED] c');
  });

  it('replaces every generic shape, whatever the case', () => {
    const r = new Redactor();
    const lines: Array<[string, string]> = [
      ['-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----', '[REDACTED PEM]'],
      ['GET /v2/balance?timestamp=1&SIGNATURE=abcdef', 'GET /v2/balance?timestamp=1&SIGNATURE=[REDACTED]'],
      ['/?token=abc&x=1', '/?token=[REDACTED]&x=1'],
      ['cookie kapi_session=abc; other=1', 'cookie kapi_session=[REDACTED]; other=1'],
      ['X-KAPI-KEY: abcdef', 'X-KAPI-KEY: [REDACTED]'],
      ['x-session-token=abcdef', 'x-session-token=[REDACTED]'],
      ['{"privateKeyPem":"abc","apiKey":"k1"}', '{"privateKeyPem":"[REDACTED]","apiKey":"[REDACTED]"}'],
      ['{"Passphrase": "pw"}', '{"Passphrase": "[REDACTED]"}'],
    ];
    for (const [line, want] of lines) expect(r.redact(line)).toBe(want);
  });

  it('leaves a line with nothing secret as it is', () => {
    const r = new Redactor();
    r.add('abcdefgh');
    expect(r.redact('GET /api/v2/balance 200 1ms')).toBe('GET /api/v2/balance 200 1ms');
  });
});
