import { createHmac, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Param } from '../../core/encode.js';
import { stringToSign } from '../../core/encode.js';
import { hmacSha256Hex, pkcs8PemFromSeed, randomEd25519Seed, signParams } from '../../core/sign.js';
import type { StoredProfile } from '../keystore/types.js';
import { encodeUnsigned, signRequestParams } from './sign.js';

const V = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../core/fixtures/signing-vectors.json'), 'utf8'),
) as Record<string, Record<string, unknown>>;

const profile = (type: StoredProfile['type'], secret: string): StoredProfile => ({
  id: 'p',
  label: 'p',
  apiKey: 'k',
  type,
  secret,
  allowWithdrawals: false,
  createdAt: 0,
});

/** Splits vector params into the caller's part and the timestamp/recvWindow the signer adds. */
function split(params: Param[]) {
  const ts = Number(params.find(([k]) => k === 'timestamp')![1]);
  const rw = params.find(([k]) => k === 'recvWindow')?.[1];
  return {
    rest: params.filter(([k]) => k !== 'timestamp' && k !== 'recvWindow'),
    ts,
    rw: rw ? Number(rw) : undefined,
  };
}

describe('signing vectors (shared/spec/signing-vectors.json)', () => {
  it('HMAC reference vector, with core and with node:crypto', () => {
    const v = V.hmacReference as { key: string; message: string; hex: string };
    expect(hmacSha256Hex(v.key, v.message)).toBe(v.hex);
    expect(createHmac('sha256', v.key).update(v.message).digest('hex')).toBe(v.hex);
  });

  it('signed order placement, HMAC: exact body bytes', () => {
    const v = V.placeOrderHmac as {
      secret: string;
      params: Param[];
      stringToSign: string;
      signature: string;
      body: string;
    };
    const { rest, ts, rw } = split(v.params);
    const body = signRequestParams(rest, profile('hmac-sha256', v.secret), ts, rw);
    expect(body).toBe(v.body);
    expect(body.endsWith(`&signature=${v.signature}`)).toBe(true);
    expect(createHmac('sha256', v.secret).update(v.stringToSign).digest('hex')).toBe(v.signature);
  });

  it('signed order placement, ED25519: exact body bytes, verified by node:crypto', () => {
    const v = V.placeOrderEd25519 as {
      privateKeyPem: string;
      params: Param[];
      stringToSign: string;
      signatureBase64: string;
      body: string;
    };
    const { rest, ts, rw } = split(v.params);
    const body = signRequestParams(rest, profile('ed25519', v.privateKeyPem), ts, rw);
    expect(body).toBe(v.body);
    const pub = createPublicKey((V.ed25519Rfc8032Test1 as { publicKeyPem: string }).publicKeyPem);
    expect(verify(null, Buffer.from(v.stringToSign), pub, Buffer.from(v.signatureBase64, 'base64'))).toBe(
      true,
    );
  });

  it('RFC 8032 test 1: empty message signature', () => {
    const v = V.ed25519Rfc8032Test1 as { privateKeyPem: string; publicKeyPem: string; signatureHex: string };
    const signed = signRequestParams([], profile('ed25519', v.privateKeyPem), 1, undefined);
    // the signer always adds a timestamp, so check the raw key against node:crypto instead
    const sig = decodeURIComponent(signed.split('&signature=')[1]!);
    expect(
      verify(null, Buffer.from('timestamp=1'), createPublicKey(v.publicKeyPem), Buffer.from(sig, 'base64')),
    ).toBe(true);
  });

  it('signed lookup without recvWindow (query string)', () => {
    const v = V.getOrderHmac as { secret: string; params: Param[]; query: string; signature: string };
    const { rest, ts } = split(v.params);
    expect(signRequestParams(rest, profile('hmac-sha256', v.secret), ts)).toBe(
      `${v.query}&signature=${v.signature}`,
    );
  });

  it('encoding edge case: space, &, = and non-ASCII', () => {
    const v = V.encodingEdgeCase as { params: Param[]; stringToSign: string; hmacSignature: string };
    const { rest, ts } = split(v.params);
    expect(encodeUnsigned(rest)).toBe(v.stringToSign.replace(/&timestamp=\d+$/, ''));
    const signed = signRequestParams(rest, profile('hmac-sha256', 'sbx-secret-7Hq2pLx9'), ts);
    expect(signed).toBe(`${v.stringToSign}&signature=${v.hmacSignature}`);
  });

  it('query plus body are concatenated with nothing between', () => {
    const v = V.queryPlusBodyHmac as {
      secret: string;
      query: string;
      body: string;
      stringToSign: string;
      signature: string;
    };
    expect(stringToSign(v.query, v.body)).toBe(v.stringToSign);
    expect(hmacSha256Hex(v.secret, v.stringToSign)).toBe(v.signature);
  });

  it('drops caller-supplied timestamp, recvWindow and signature', () => {
    const out = signRequestParams(
      [
        ['symbol', 'btc_krw'],
        ['timestamp', '1'],
        ['signature', 'forged'],
        ['recvWindow', '60000'],
      ],
      profile('hmac-sha256', 's3cret-value'),
      1764000000000,
      5000,
    );
    expect(out).toMatch(/^symbol=btc_krw&timestamp=1764000000000&recvWindow=5000&signature=[0-9a-f]{64}$/);
  });

  it('the proxy HMAC (node:crypto) gives exactly the bytes of the core signer', () => {
    const values = ['', 'a b', 'x&y=z', '한글', '0.00000001', '+%/', 'é\u0301', 'line\nbreak'];
    for (let i = 0; i < 200; i++) {
      const params: Param[] = [];
      for (let j = 0; j < i % 6; j++) params.push([`k${j}`, values[(i * 7 + j * 3) % values.length]!]);
      const secret = `secret-${i}-${values[i % values.length]}`;
      const ts = 1764000000000 + i;
      const want = signParams([...params, ['timestamp', String(ts)], ['recvWindow', '5000']], {
        type: 'hmac-sha256',
        secret,
      });
      expect(signRequestParams(params, profile('hmac-sha256', secret), ts, 5000)).toBe(want);
    }
  });

  it('the proxy ED25519 (node:crypto) gives exactly the bytes of the core signer (@noble)', () => {
    const values = ['', 'a b', 'x&y=z', '한글', '0.00000001', '+%/'];
    for (let i = 0; i < 40; i++) {
      const seed = randomEd25519Seed();
      const params: Param[] = [];
      for (let j = 0; j < i % 5; j++) params.push([`k${j}`, values[(i * 5 + j) % values.length]!]);
      const ts = 1764000000000 + i;
      const want = signParams([...params, ['timestamp', String(ts)], ['recvWindow', '5000']], {
        type: 'ed25519',
        seed,
      });
      expect(signRequestParams(params, profile('ed25519', pkcs8PemFromSeed(seed)), ts, 5000)).toBe(want);
    }
  });

  it('refuses a PEM that is not an ED25519 PKCS#8 key', () => {
    expect(() => signRequestParams([], profile('ed25519', 'not a pem'), 1)).toThrow();
  });
});
