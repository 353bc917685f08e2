import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings } from './compress.js';
import { serveStatic } from './static.js';

describe('acceptedEncodings', () => {
  it('reads Accept-Encoding with q-values, brotli first', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip;q=0.5, br;q=0')).toEqual(['gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings('*')).toEqual(['gzip']);
  });
});

describe('serveStatic compression and caching', () => {
  let dir: string;
  let server: Server;
  let port: number;
  const js = `export const x = ${JSON.stringify('a'.repeat(4000))};\n`;
  const css = `body { color: red; }\n${'.c { margin: 0 }\n'.repeat(200)}`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kapi-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), `<!doctype html><title>t</title>${'<p>x</p>'.repeat(200)}`);
    writeFileSync(join(dir, 'assets', 'index-AbCd1234.js'), js);
    writeFileSync(join(dir, 'assets', 'index-AbCd1234.js.br'), brotliCompressSync(js));
    writeFileSync(join(dir, 'assets', 'style-ZyXw9876.css'), css);
    // a stale sibling (older than its file) must never be served
    writeFileSync(join(dir, 'assets', 'style-ZyXw9876.css.br'), brotliCompressSync('stale'));
    utimesSync(join(dir, 'assets', 'style-ZyXw9876.css.br'), new Date(1000), new Date(1000));
    server = createServer((req, res) =>
      serveStatic(req, res, dir, new URL(req.url ?? '/', 'http://x').pathname),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (path: string, enc?: string) =>
    new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((ok, fail) => {
      const req = request(
        { host: '127.0.0.1', port, path, headers: enc ? { 'accept-encoding': enc } : {} },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => ok({ headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', fail);
      req.end();
    });

  it('serves the precompressed brotli file with long-cache headers', async () => {
    const r = await get('/assets/index-AbCd1234.js', 'gzip, br');
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(brotliDecompressSync(r.body).toString()).toBe(js);
  });

  it('falls back to gzip made once in memory when no fresh sibling exists', async () => {
    const r = await get('/assets/style-ZyXw9876.css', 'br, gzip');
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(r.body).toString()).toBe(css);
    const again = await get('/assets/style-ZyXw9876.css', 'gzip');
    expect(again.body.equals(r.body)).toBe(true);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const r = await get('/assets/index-AbCd1234.js');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body.toString()).toBe(js);
  });

  it('revalidates index.html every time (also as the SPA fallback)', async () => {
    for (const path of ['/', '/index.html', '/some/route']) {
      const r = await get(path, 'gzip');
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(r.body).toString()).toContain('<title>t</title>');
    }
  });
});
