import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { acceptedEncodings, COMPRESSIBLE, compressedVariant } from './compress.js';
import { SECURITY_HEADERS, sendText } from './respond.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
};

/** The SPA's page policy: same-origin everything, WebSockets to the proxy itself, no framing. */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'";

/**
 * Serves files under `root` only (resolved path must stay inside it), with index.html for unknown
 * paths (SPA fallback), hashed assets cached immutably (index.html revalidated every time), text files
 * sent brotli- or gzip-compressed when the client accepts it (see compress.ts).
 */
export function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  root: string | undefined,
  pathname: string,
): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(res, 405, 'method not allowed', 'text/plain; charset=utf-8', { Allow: 'GET, HEAD' });
    return;
  }
  if (!root) {
    sendText(res, 200, FALLBACK_PAGE, 'text/html; charset=utf-8', { 'Content-Security-Policy': CSP });
    return;
  }
  const base = resolve(root);
  let rel: string;
  try {
    rel = decodeURIComponent(pathname);
  } catch {
    sendText(res, 400, 'bad path', 'text/plain; charset=utf-8');
    return;
  }
  if (rel.includes('\0')) {
    sendText(res, 400, 'bad path', 'text/plain; charset=utf-8');
    return;
  }
  let file = resolve(join(base, rel));
  if (file !== base && !file.startsWith(base + sep)) {
    sendText(res, 404, 'not found', 'text/plain; charset=utf-8');
    return;
  }
  let st = existsSync(file) ? statSync(file) : undefined;
  if (st?.isDirectory()) {
    file = join(file, 'index.html');
    st = existsSync(file) ? statSync(file) : undefined;
  }
  if (!st?.isFile()) {
    // SPA fallback for route-like paths; missing assets stay 404
    if (extname(rel) && !rel.endsWith('.html')) {
      sendText(res, 404, 'not found', 'text/plain; charset=utf-8');
      return;
    }
    file = join(base, 'index.html');
    st = existsSync(file) ? statSync(file) : undefined;
    if (!st?.isFile()) {
      sendText(res, 200, FALLBACK_PAGE, 'text/html; charset=utf-8', { 'Content-Security-Policy': CSP });
      return;
    }
  }
  const ext = extname(file).toLowerCase();
  // Vite's hashed output: the name changes with the content, so it may be kept for a year unrevalidated.
  const hashed = rel.startsWith('/assets/') && HASHED.test(rel);
  const variant = compressedVariant(file, st, acceptedEncodings(req.headers['accept-encoding']));
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Content-Length': String(variant ? variant.size : st.size),
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...(COMPRESSIBLE.has(ext) ? { Vary: 'Accept-Encoding' } : {}),
    ...(variant ? { 'Content-Encoding': variant.encoding } : {}),
    ...(ext === '.html' ? { 'Content-Security-Policy': CSP } : {}),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (variant?.body) {
    res.end(variant.body);
    return;
  }
  const stream = createReadStream(variant?.path ?? file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/** name-<hash>.ext as Vite writes it (8 or more base64url characters of content hash). */
const HASHED = /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

const FALLBACK_PAGE =
  '<!doctype html><meta charset="utf-8"><title>kapi proxy</title><p>The signing proxy is running. ' +
  'No dashboard build was found (run <code>npm run build</code>).</p>';
