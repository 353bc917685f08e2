import { describe, expect, it } from 'vitest';
import { isLoopbackUrl, NO_PROTECTION, protectionBody, protectionProblem } from './KeystoreProtection.js';

describe('the keystore choice of the add-key form', () => {
  it('needs a repeated passphrase of 8+ characters, or the explicit plain choice', () => {
    expect(protectionProblem(NO_PROTECTION)).toBe('keystore.tooShort');
    expect(protectionProblem({ passphrase: 'long enough', repeat: 'long enougH', plain: false })).toBe(
      'keystore.differ',
    );
    expect(protectionProblem({ passphrase: 'long enough', repeat: 'long enough', plain: false })).toBeNull();
    expect(protectionProblem({ ...NO_PROTECTION, plain: true })).toBeNull();
    expect(protectionBody({ passphrase: 'long enough', repeat: 'long enough', plain: false })).toEqual({
      passphrase: 'long enough',
    });
    expect(protectionBody({ ...NO_PROTECTION, plain: true })).toEqual({ storePlain: true });
  });

  it('takes only this machine for the sandbox', () => {
    for (const u of ['http://127.0.0.1:9999', 'http://localhost:9999/', 'http://[::1]:9999'])
      expect(isLoopbackUrl(u), u).toBe(true);
    for (const u of ['https://api.korbit.co.kr', 'http://0.0.0.0:9999', 'http://127.0.0.1.example.com'])
      expect(isLoopbackUrl(u), u).toBe(false);
  });
});
