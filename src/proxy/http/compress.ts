// Compressed bodies for the SPA's static files. The build writes `<file>.br` and `<file>.gz` beside each
// text asset (scripts/precompress.ts); when a sibling is missing or older than its file, a gzip body is made
// once with node:zlib and kept in memory (keyed by path, size and mtime), so no request ever compresses.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Text types worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.svg',
  '.txt',
  '.webmanifest',
]);

export type Encoding = 'br' | 'gzip';

/** Encodings the client accepts (q > 0), brotli first. Parses `Accept-Encoding` strictly enough. */
export function acceptedEncodings(header: string | string[] | undefined): Encoding[] {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ok = new Set<string>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    ok.add(name.trim());
  }
  const out: Encoding[] = [];
  if (ok.has('br')) out.push('br');
  if (ok.has('gzip') || ok.has('*')) out.push('gzip');
  return out;
}

export interface Variant {
  encoding: Encoding;
  /** A file to stream, or a body held in memory. */
  path?: string;
  body?: Buffer;
  size: number;
}

const memo = new Map<string, { key: string; body: Buffer }>();
const MEMO_LIMIT = 64;

function sibling(file: string, suffix: string, mtimeMs: number): { path: string; size: number } | null {
  const path = file + suffix;
  if (!existsSync(path)) return null;
  const st = statSync(path);
  return st.isFile() && st.mtimeMs >= mtimeMs ? { path, size: st.size } : null;
}

/** The best compressed form of `file` for these encodings, or null to send it as is. */
export function compressedVariant(
  file: string,
  st: { size: number; mtimeMs: number },
  encodings: readonly Encoding[],
): Variant | null {
  if (!COMPRESSIBLE.has(extname(file).toLowerCase()) || st.size < 512) return null;
  for (const encoding of encodings) {
    const pre = sibling(file, encoding === 'br' ? '.br' : '.gz', st.mtimeMs);
    if (pre) return { encoding, ...pre };
  }
  if (!encodings.includes('gzip')) return null;
  const key = `${st.size}:${st.mtimeMs}`;
  let hit = memo.get(file);
  if (!hit || hit.key !== key) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    hit = { key, body: gzipSync(readFileSync(file), { level: 9 }) };
    memo.set(file, hit);
  }
  return { encoding: 'gzip', body: hit.body, size: hit.body.length };
}
