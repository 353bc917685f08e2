import { describe, expect, it } from 'vitest';
import { clientErrorResponse, clientErrorStatus, rawErrorResponse } from './rawHttpError.js';

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
