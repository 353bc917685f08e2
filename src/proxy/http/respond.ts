import type { ServerResponse } from 'node:http';
import { errorEnvelope, type ProxyError } from '../errors.js';

/** Headers on every response: no sniffing, no framing (clickjacking), no referrer leaks. */
export const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  sendText(res, status, text, 'application/json; charset=utf-8', headers);
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string | Buffer,
  contentType: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  // one flat header list with the length, so the answer goes out in one piece without chunked framing
  const list: string[] = [];
  for (const k in SECURITY_HEADERS) list.push(k, SECURITY_HEADERS[k]!);
  list.push('Content-Type', contentType, 'Cache-Control', 'no-store');
  for (const k in headers) list.push(k, headers[k]!);
  list.push('Content-Length', String(typeof text === 'string' ? Buffer.byteLength(text) : text.length));
  res.writeHead(status, list);
  res.end(text);
}

export function sendError(
  res: ServerResponse,
  status: number,
  code: string,
  description?: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, errorEnvelope(status, code, description), headers);
}

export function sendProxyError(res: ServerResponse, err: ProxyError): void {
  sendError(res, err.status, err.code, err.description, err.headers);
}
