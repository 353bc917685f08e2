// The bytes in and out of a sandbox HTTP exchange, shared by the REST pipeline and the admin API:
// a bounded UTF-8 body, a JSON answer, and the error envelope.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SbxError } from '../types.js';

export const MAX_BODY_BYTES = 16 * 1024;
/** Strict UTF-8 (a whole body per call, so one decoder serves every request). */
const utf8 = new TextDecoder('utf-8', { fatal: true });

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function sendError(res: ServerResponse, e: SbxError, headers: Record<string, string> = {}): void {
  const error: Record<string, unknown> = { code: e.status, message: e.code };
  if (e.description) error.description = e.description;
  sendJson(res, e.status, { success: false, error }, headers);
}

/** Reads the body up to MAX_BODY_BYTES; returns the UTF-8 text or an error. */
export function readBody(
  req: IncomingMessage,
): Promise<{ ok: true; text: string } | { ok: false; error: SbxError }> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) {
      resolve({
        ok: false,
        error: { status: 413, code: 'PAYLOAD_TOO_LARGE', description: 'Body too large.' },
      });
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (c: Buffer) => {
      if (done) return;
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        done = true;
        resolve({
          ok: false,
          error: { status: 413, code: 'PAYLOAD_TOO_LARGE', description: 'Body too large.' },
        });
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      try {
        const text = utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
        resolve({ ok: true, text });
      } catch {
        resolve({
          ok: false,
          error: { status: 400, code: 'BAD_REQUEST', description: 'Body is not valid UTF-8.' },
        });
      }
    });
    req.on('error', () => {
      if (!done) {
        done = true;
        resolve({
          ok: false,
          error: { status: 400, code: 'BAD_REQUEST', description: 'Request stream error.' },
        });
      }
    });
  });
}
