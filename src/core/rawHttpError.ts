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
  405: 'Method Not Allowed',
  417: 'Expectation Failed',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

export function clientErrorStatus(code: unknown): number {
  return (typeof code === 'string' && STATUS_BY_CODE[code]) || 400;
}

/** Complete response bytes (as a string) for a refused request: status line, headers, JSON envelope. */
export function rawErrorResponse(status: number, description: string, errorCode?: string): string {
  const code =
    errorCode ?? (status === 431 ? 'HEADERS_TOO_LARGE' : status === 408 ? 'REQUEST_TIMEOUT' : 'BAD_REQUEST');
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

/** Why a request refused before any handler runs is refused, as the envelope tells it. */
export interface RawProblem {
  status: number;
  code: string;
  description: string;
}

/** The parts of a request an upgrade check reads (a Node IncomingMessage fits). */
export interface UpgradeRequestLike {
  method?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * A WebSocket upgrade request the WebSocket library would refuse with a bare text answer (wrong
 * method, no or wrong Upgrade header, a malformed Sec-WebSocket-Key or version): what to answer
 * instead, in the JSON envelope. null when the request is a well-formed upgrade (RFC 6455 4.1/4.2.1).
 */
export function upgradeProblem(
  req: UpgradeRequestLike,
): (RawProblem & { code: 'BAD_REQUEST' | 'METHOD_NOT_ALLOWED' }) | null {
  if ((req.method ?? 'GET').toUpperCase() !== 'GET') {
    return { status: 405, code: 'METHOD_NOT_ALLOWED', description: 'A WebSocket upgrade must be a GET.' };
  }
  if ((one(req.headers.upgrade) ?? '').toLowerCase() !== 'websocket') {
    return { status: 400, code: 'BAD_REQUEST', description: 'The Upgrade header must be websocket.' };
  }
  const key = one(req.headers['sec-websocket-key']) ?? '';
  if (!/^[+/0-9A-Za-z]{22}==$/.test(key.trim())) {
    return { status: 400, code: 'BAD_REQUEST', description: 'Missing or invalid Sec-WebSocket-Key header.' };
  }
  const version = (one(req.headers['sec-websocket-version']) ?? '').trim();
  if (version !== '13' && version !== '8') {
    return { status: 400, code: 'BAD_REQUEST', description: 'Missing or unsupported Sec-WebSocket-Version.' };
  }
  return null;
}

/** The raw answer to a RawProblem (the connection closes after it). */
export function rawProblemResponse(p: RawProblem): string {
  return rawErrorResponse(p.status, p.description, p.code);
}

/** The parts of an HTTP server, its responses and sockets the edge handlers use (Node's fit). */
interface RawSocketLike {
  writable: boolean;
  end(data: string): unknown;
  destroy(): unknown;
}
interface RawResponseLike {
  writeHead(status: number, headers: Record<string, string | number>): unknown;
  end(body: string): unknown;
}
export interface RawServerLike {
  // biome-ignore lint/suspicious/noExplicitAny: Node's listener signatures differ per event
  on(event: string, listener: (...args: any[]) => void): unknown;
}

/**
 * Answers in the JSON envelope the requests Node would otherwise answer bare or drop silently:
 * parser errors ('clientError'), an Expect header other than 100-continue ('checkExpectation', Node
 * answers an empty 417) and CONNECT ('connect', Node closes the socket without a word).
 */
export function answerRawRefusals(server: RawServerLike): void {
  server.on('clientError', (err: unknown, socket: RawSocketLike) => {
    if (socket.writable) socket.end(clientErrorResponse(err));
    else socket.destroy();
  });
  server.on('checkExpectation', (_req: unknown, res: RawResponseLike) => {
    const body = JSON.stringify({
      success: false,
      error: { code: 417, message: 'BAD_REQUEST', description: 'Only Expect: 100-continue is supported.' },
    });
    res.writeHead(417, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': new TextEncoder().encode(body).length,
      'Cache-Control': 'no-store',
      Connection: 'close',
    });
    res.end(body);
  });
  server.on('connect', (_req: unknown, socket: RawSocketLike) => {
    if (!socket.writable) return void socket.destroy();
    socket.end(
      rawProblemResponse({
        status: 405,
        code: 'METHOD_NOT_ALLOWED',
        description: 'CONNECT is not supported.',
      }),
    );
  });
}
