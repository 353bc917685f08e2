import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

/** At-rest encryption of the keystore: scrypt (N=2^15, r=8, p=1) derives an AES-256-GCM key. */
export interface EncryptedBlob {
  kdf: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  iv: string;
  tag: string;
  data: string;
}

const N = 1 << 15;
const R = 8;
const P = 1;

function deriveKey(passphrase: string, salt: Buffer, n: number, r: number, p: number): Buffer {
  return scryptSync(passphrase, salt, 32, { N: n, r, p, maxmem: 128 * n * r * 2 });
}

export function encryptJson(value: unknown, passphrase: string): EncryptedBlob {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = deriveKey(passphrase, salt, N, R, P);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return {
    kdf: 'scrypt',
    N,
    r: R,
    p: P,
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

export function decryptJson(blob: EncryptedBlob, passphrase: string): unknown {
  const key = deriveKey(passphrase, Buffer.from(blob.salt, 'base64'), blob.N, blob.r, blob.p);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(blob.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(blob.tag, 'base64'));
  try {
    const plain = Buffer.concat([decipher.update(Buffer.from(blob.data, 'base64')), decipher.final()]);
    return JSON.parse(plain.toString('utf8'));
  } catch {
    throw new Error('keystore: wrong passphrase or corrupted file');
  }
}
