// Request signing, runtime-neutral: HMAC-SHA256 (lowercase hex) and ED25519 (standard base64).
import * as ed from '@noble/ed25519';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { encodeParams, type Param } from './encode.js';

ed.hashes.sha512 = sha512;

const utf8 = new TextEncoder();

export type SigningKey = { type: 'hmac-sha256'; secret: string } | { type: 'ed25519'; seed: Uint8Array };

export function hmacSha256Hex(secret: string, message: string): string {
  return bytesToHex(hmac(sha256, utf8.encode(secret), utf8.encode(message)));
}

export function ed25519SignBase64(seed: Uint8Array, message: string): string {
  return bytesToBase64(ed.sign(utf8.encode(message), seed));
}

export function ed25519VerifyBase64(publicKey: Uint8Array, message: string, signatureB64: string): boolean {
  try {
    const sig = base64ToBytes(signatureB64);
    if (sig.length !== 64) return false;
    return ed.verify(sig, utf8.encode(message), publicKey);
  } catch {
    return false;
  }
}

export function ed25519PublicKeyFromSeed(seed: Uint8Array): Uint8Array {
  return ed.getPublicKey(seed);
}

export function randomEd25519Seed(): Uint8Array {
  return ed.utils.randomSecretKey();
}

/** Signs a message with either key type, producing the value sent as `signature`. */
export function signMessage(key: SigningKey, message: string): string {
  return key.type === 'hmac-sha256'
    ? hmacSha256Hex(key.secret, message)
    : ed25519SignBase64(key.seed, message);
}

/** Encodes params in order, signs those exact bytes, and appends `&signature=` last. */
export function signParams(params: readonly Param[], key: SigningKey): string {
  const unsigned = encodeParams(params);
  const signature = signMessage(key, unsigned);
  const sigPart = encodeParams([['signature', signature]]);
  return unsigned ? `${unsigned}&${sigPart}` : sigPart;
}

// --- PEM (PKCS#8 private, SPKI public) for ED25519 ---

const PKCS8_PREFIX = hexToBytes('302e020100300506032b657004220420');
const SPKI_PREFIX = hexToBytes('302a300506032b6570032100');

function pemBody(pem: string, label: string): Uint8Array {
  const re = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`);
  const m = re.exec(pem);
  if (!m) throw new Error(`not a ${label} PEM`);
  return base64ToBytes(m[1]!.replace(/\s+/g, ''));
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

export function ed25519SeedFromPkcs8Pem(pem: string): Uint8Array {
  const der = pemBody(pem, 'PRIVATE KEY');
  if (der.length !== 48 || !startsWith(der, PKCS8_PREFIX))
    throw new Error('not an ED25519 PKCS#8 private key');
  return der.slice(16);
}

export function ed25519PublicKeyFromSpkiPem(pem: string): Uint8Array {
  const der = pemBody(pem, 'PUBLIC KEY');
  if (der.length !== 44 || !startsWith(der, SPKI_PREFIX)) throw new Error('not an ED25519 SPKI public key');
  return der.slice(12);
}

function toPem(der: Uint8Array, label: string): string {
  const b64 = bytesToBase64(der);
  const lines = b64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

export function pkcs8PemFromSeed(seed: Uint8Array): string {
  return toPem(concat(PKCS8_PREFIX, seed), 'PRIVATE KEY');
}

export function spkiPemFromPublicKey(pub: Uint8Array): string {
  return toPem(concat(SPKI_PREFIX, pub), 'PUBLIC KEY');
}

// --- bytes helpers (no Buffer: this module also runs in the browser) ---

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

export function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || /[^0-9a-f]/i.test(hex)) throw new Error('invalid hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

export function base64ToBytes(b64: string): Uint8Array {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
