import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  sign as nodeSign,
  verify as nodeVerify,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeParams, type Param, stringToSign, stripSignature } from './encode.js';
import {
  base64ToBytes,
  bytesToBase64,
  ed25519PublicKeyFromSeed,
  ed25519PublicKeyFromSpkiPem,
  ed25519SeedFromPkcs8Pem,
  ed25519SignBase64,
  ed25519VerifyBase64,
  hmacSha256Hex,
  pkcs8PemFromSeed,
  randomEd25519Seed,
  signParams,
  spkiPemFromPublicKey,
} from './sign.js';

const vectors = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/signing-vectors.json'), 'utf8'));

describe('encoding', () => {
  it('encodes in the given order like URLSearchParams (space as +)', () => {
    expect(
      encodeParams([
        ['b', '2'],
        ['a', '1'],
      ]),
    ).toBe('b=2&a=1');
    expect(
      encodeParams([
        ['note', 'hello world & more=1 ✓'],
        ['timestamp', '1764000000000'],
      ]),
    ).toBe(vectors.encodingEdgeCase.stringToSign);
    expect(encodeParams([['x', 'a+b']])).toBe('x=a%2Bb');
  });
  it('concatenates query and body with nothing between', () => {
    expect(stringToSign(vectors.queryPlusBodyHmac.query, vectors.queryPlusBodyHmac.body)).toBe(
      vectors.queryPlusBodyHmac.stringToSign,
    );
  });
  it('strips the signature segment and keeps the other bytes as received', () => {
    const r = stripSignature(vectors.placeOrderEd25519.body);
    expect(r.unsigned).toBe(vectors.placeOrderEd25519.stringToSign);
    expect(r.signature).toBe(vectors.placeOrderEd25519.signatureBase64);
    expect(r.count).toBe(1);
    expect(stripSignature('a=1&signature=x&b=%41')).toEqual({
      unsigned: 'a=1&b=%41',
      signature: 'x',
      count: 1,
    });
    expect(stripSignature('a=1')).toEqual({ unsigned: 'a=1', signature: null, count: 0 });
    expect(stripSignature('signature=%E0%A4%A').signature).toBeNull();
  });
});

describe('HMAC-SHA256', () => {
  it('matches the reference vector', () => {
    const v = vectors.hmacReference;
    expect(hmacSha256Hex(v.key, v.message)).toBe(v.hex);
  });
  it('signs the placement, lookup, edge-case and query-plus-body vectors', () => {
    const p = vectors.placeOrderHmac;
    expect(encodeParams(p.params)).toBe(p.stringToSign);
    expect(hmacSha256Hex(p.secret, p.stringToSign)).toBe(p.signature);
    expect(signParams(p.params as Param[], { type: 'hmac-sha256', secret: p.secret })).toBe(p.body);
    const g = vectors.getOrderHmac;
    expect(hmacSha256Hex(g.secret, g.query)).toBe(g.signature);
    const e = vectors.encodingEdgeCase;
    expect(hmacSha256Hex(p.secret, e.stringToSign)).toBe(e.hmacSignature);
    const q = vectors.queryPlusBodyHmac;
    expect(hmacSha256Hex(q.secret, q.stringToSign)).toBe(q.signature);
  });
  it('agrees with node:crypto on non-ASCII input', () => {
    const msg = encodeParams([['memo', '한글 + & = ✓']]);
    expect(hmacSha256Hex('비밀', msg)).toBe(createHmac('sha256', '비밀').update(msg, 'utf8').digest('hex'));
  });
});

describe('ED25519', () => {
  const rfc = vectors.ed25519Rfc8032Test1;
  it('reads PKCS#8 and SPKI PEMs', () => {
    const seed = ed25519SeedFromPkcs8Pem(rfc.privateKeyPem);
    expect(Buffer.from(seed).toString('hex')).toBe(rfc.seedHex);
    const pub = ed25519PublicKeyFromSpkiPem(rfc.publicKeyPem);
    expect(Buffer.from(pub).equals(Buffer.from(ed25519PublicKeyFromSeed(seed)))).toBe(true);
    expect(pkcs8PemFromSeed(seed)).toBe(rfc.privateKeyPem);
    expect(spkiPemFromPublicKey(pub)).toBe(rfc.publicKeyPem);
  });
  it('matches RFC 8032 test 1 and the order placement vector', () => {
    const seed = ed25519SeedFromPkcs8Pem(rfc.privateKeyPem);
    expect(Buffer.from(base64ToBytes(ed25519SignBase64(seed, rfc.message))).toString('hex')).toBe(
      rfc.signatureHex,
    );
    const p = vectors.placeOrderEd25519;
    expect(ed25519SignBase64(seed, p.stringToSign)).toBe(p.signatureBase64);
    expect(signParams(p.params as Param[], { type: 'ed25519', seed })).toBe(p.body);
  });
  it('is verified by node:crypto, and verifies node:crypto signatures', () => {
    const seed = randomEd25519Seed();
    const privateKey = createPrivateKey(pkcs8PemFromSeed(seed));
    const publicKey = createPublicKey(spkiPemFromPublicKey(ed25519PublicKeyFromSeed(seed)));
    const msg = encodeParams([
      ['note', 'hello world & more=1 ✓'],
      ['timestamp', '1'],
    ]);
    const ours = ed25519SignBase64(seed, msg);
    expect(nodeVerify(null, Buffer.from(msg), publicKey, Buffer.from(ours, 'base64'))).toBe(true);
    const theirs = nodeSign(null, Buffer.from(msg), privateKey).toString('base64');
    expect(ed25519VerifyBase64(ed25519PublicKeyFromSeed(seed), msg, theirs)).toBe(true);
    expect(theirs).toBe(ours);
  });
  it('rejects tampered messages, bad signatures and wrong PEMs', () => {
    const seed = randomEd25519Seed();
    const pub = ed25519PublicKeyFromSeed(seed);
    const sig = ed25519SignBase64(seed, 'a=1');
    expect(ed25519VerifyBase64(pub, 'a=2', sig)).toBe(false);
    expect(ed25519VerifyBase64(pub, 'a=1', 'not base64!')).toBe(false);
    expect(ed25519VerifyBase64(pub, 'a=1', bytesToBase64(new Uint8Array(10)))).toBe(false);
    expect(() => ed25519SeedFromPkcs8Pem(rfc.publicKeyPem)).toThrow();
    expect(() => ed25519PublicKeyFromSpkiPem('garbage')).toThrow();
  });
});
