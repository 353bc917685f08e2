import type { IncomingMessage } from 'node:http';
import { ProxyError } from '../errors.js';

export const MAX_BODY_BYTES = 64 * 1024;

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        reject(new ProxyError(413, 'PAYLOAD_TOO_LARGE', `body over ${limit} bytes`));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) {
        done = true;
        resolve(Buffer.concat(chunks).toString('utf8'));
      }
    });
    req.on('error', (e) => {
      if (!done) {
        done = true;
        reject(new ProxyError(400, 'BAD_REQUEST', `request body: ${e.message}`));
      }
    });
  });
}

/** Parse a JSON object body; anything else is a 400. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProxyError(400, 'BAD_REQUEST', 'body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProxyError(400, 'BAD_REQUEST', 'body must be a JSON object');
  }
  return value as Record<string, unknown>;
}
