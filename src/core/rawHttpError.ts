/**
 * The raw HTTP/1.1 response a server writes on a socket whose request Node's parser refused (oversized
 * headers, bad bytes in the path, conflicting lengths): the same JSON error envelope as every other
 * answer, then the connection closes. Runtime-neutral (string building only).
 */

/** Node parser error codes that have a better status than 400. */
const STATUS_BY_CODE: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_REQUEST_TIMEOUT: 408,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

const REASON: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

export function clientErrorStatus(code: unknown): number {
  return (typeof code === 'string' && STATUS_BY_CODE[code]) || 400;
}

/** Complete response bytes (as a string) for a refused request: status line, headers, JSON envelope. */
export function rawErrorResponse(status: number, description: string): string {
  const code = status === 431 ? 'HEADERS_TOO_LARGE' : status === 408 ? 'REQUEST_TIMEOUT' : 'BAD_REQUEST';
  const body = JSON.stringify({ success: false, error: { code: status, message: code, description } });
  const length = new TextEncoder().encode(body).length;
  return [
    `HTTP/1.1 ${status} ${REASON[status] ?? 'Bad Request'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${length}`,
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** What a server's 'clientError' listener writes for a parser error `err` (its `code` picks the status). */
export function clientErrorResponse(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  const status = clientErrorStatus(code);
  const description =
    status === 431
      ? 'The request headers are too large.'
      : status === 408
        ? 'The request took too long to arrive.'
        : 'The request is not valid HTTP (malformed line, path, headers or length).';
  return rawErrorResponse(status, description);
}
