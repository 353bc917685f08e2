// The request target as the proxy's handlers read it: path, query string and its parameters. The
// dashboard's calls are plain (`/api/v2/balance?accountSeq=1`), and for them the WHATWG URL parser is
// the largest single step of the proxy's own work on a paced request (measured: docs/performance.md,
// the sixth session), so a target made only of characters the parser leaves alone is split by hand;
// anything else (dots, percent signs in the path, spaces, quotes, a fragment) goes through `new URL`.

/** What the handlers read of a request's URL. */
export interface RequestUrl {
  readonly pathname: string;
  /** `?` and the query, or '' (as URL.search). */
  readonly search: string;
  readonly searchParams: URLSearchParams;
}

/** A path of segments the URL parser keeps as they are (no dot segments, no escapes). */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_-]+)+\/?$|^\/$/;
/** A query the URL parser keeps as it is (no space, quote, angle bracket, backslash or `#`). */
const PLAIN_QUERY = /^[A-Za-z0-9\-._~!$&()*+,;=:@/?%]*$/;

class PlainUrl implements RequestUrl {
  private params: URLSearchParams | null = null;
  constructor(
    readonly pathname: string,
    readonly search: string,
  ) {}
  get searchParams(): URLSearchParams {
    this.params ??= new URLSearchParams(this.search);
    return this.params;
  }
}

/** The request target read as URL reads it against the proxy's origin, or null when unreadable. */
export function parseRequestUrl(raw: string | undefined): RequestUrl | null {
  const target = raw ?? '/';
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  const query = q < 0 ? '' : target.slice(q + 1);
  if (PLAIN_PATH.test(path) && PLAIN_QUERY.test(query)) return new PlainUrl(path, query ? `?${query}` : '');
  try {
    return new URL(target, 'http://proxy.invalid');
  } catch {
    return null;
  }
}
