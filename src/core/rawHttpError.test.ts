import { describe, expect, it } from 'vitest';
import {
  clientErrorResponse,
  clientErrorStatus,
  rawErrorResponse,
  rawProblemResponse,
  upgradeProblem,
} from './rawHttpError.js';

function split(raw: string) {
  const [head, body] = raw.split('\r\n\r\n') as [string, string];
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => l.split(': ') as [string, string]));
  return { statusLine, headers, body };
}

describe('raw error responses for requests the HTTP parser refused', () => {
  it('maps parser codes to statuses (431 for oversized headers, 400 otherwise)', () => {
    expect(clientErrorStatus('HPE_HEADER_OVERFLOW')).toBe(431);
    expect(clientErrorStatus('HPE_INVALID_URL')).toBe(400);
    expect(clientErrorStatus('HPE_UNEXPECTED_CONTENT_LENGTH')).toBe(400);
    expect(clientErrorStatus(undefined)).toBe(400);
  });

  it('writes the JSON error envelope with an exact Content-Length and closes', () => {
    const r = split(rawErrorResponse(400, 'Bad path ü'));
    expect(r.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(r.headers.Connection).toBe('close');
    expect(r.headers['Content-Type']).toMatch(/^application\/json/);
    expect(Number(r.headers['Content-Length'])).toBe(Buffer.byteLength(r.body));
    expect(JSON.parse(r.body)).toEqual({
      success: false,
      error: { code: 400, message: 'BAD_REQUEST', description: 'Bad path ü' },
    });
  });

  it('names the problem for oversized headers', () => {
    const r = split(clientErrorResponse({ code: 'HPE_HEADER_OVERFLOW' }));
    expect(r.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(r.body).error).toMatchObject({ code: 431, message: 'HEADERS_TOO_LARGE' });
  });
});

describe('malformed WebSocket upgrades', () => {
  const good = {
    method: 'GET',
    headers: {
      upgrade: 'WebSocket',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      'sec-websocket-version': '13',
    },
  };
  it('lets a well-formed upgrade through', () => {
    expect(upgradeProblem(good)).toBeNull();
    expect(upgradeProblem({ ...good, method: undefined })).toBeNull();
  });
  it.each([
    ['a POST', { ...good, method: 'POST' }, 405, 'METHOD_NOT_ALLOWED'],
    ['no Upgrade header', { ...good, headers: { ...good.headers, upgrade: undefined } }, 400, 'BAD_REQUEST'],
    ['Upgrade: h2c', { ...good, headers: { ...good.headers, upgrade: 'h2c' } }, 400, 'BAD_REQUEST'],
    ['no key', { ...good, headers: { ...good.headers, 'sec-websocket-key': undefined } }, 400, 'BAD_REQUEST'],
    [
      'a short key',
      { ...good, headers: { ...good.headers, 'sec-websocket-key': 'abc' } },
      400,
      'BAD_REQUEST',
    ],
    [
      'version 7',
      { ...good, headers: { ...good.headers, 'sec-websocket-version': '7' } },
      400,
      'BAD_REQUEST',
    ],
  ])('refuses %s in the envelope', (_what, req, status, code) => {
    const p = upgradeProblem(req);
    expect(p).toMatchObject({ status, code });
    const r = split(rawProblemResponse(p!));
    expect(r.statusLine?.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
    expect(JSON.parse(r.body).error).toMatchObject({ code: status, message: code });
  });
});
