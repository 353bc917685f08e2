/**
 * Redacting logger. Every line goes through `redact` before it reaches the sink: known secret
 * values (API keys, HMAC secrets, PEM bodies, the session token) are replaced, and so are generic
 * shapes (signature=..., token=..., PEM blocks, X-KAPI-KEY headers, kapi_session cookies).
 */
export type LogSink = (line: string) => void;

const PATTERNS: [RegExp, string][] = [
  [/-----BEGIN [A-Z ]+-----[\s\S]*?-----END [A-Z ]+-----/g, '[REDACTED PEM]'],
  [/(signature=)[^&\s"']+/gi, '$1[REDACTED]'],
  [/(token=)[^&\s"';]+/gi, '$1[REDACTED]'],
  [/(kapi_session=)[^;\s"']+/gi, '$1[REDACTED]'],
  [/(x-kapi-key["']?\s*[:=]\s*["']?)[^\s"',}]+/gi, '$1[REDACTED]'],
  [/(x-session-token["']?\s*[:=]\s*["']?)[^\s"',}]+/gi, '$1[REDACTED]'],
  [/("(?:secret|privateKeyPem|passphrase|apiKey|token)"\s*:\s*")[^"]*"/gi, '$1[REDACTED]"'],
];

/** Every PATTERNS entry needs one of these words (case-insensitive): a line without any skips them all. */
const PATTERN_HINT =
  /-----BEGIN|signature=|token|kapi_session=|x-kapi-key|secret|privateKeyPem|passphrase|apiKey/i;

export class Redactor {
  /** Each secret with its URL-encoded form (when that differs), encoded once when added. */
  private readonly secrets = new Map<string, string | null>();

  /** Remember a value that must never be printed. Very short values are ignored (they would mangle text). */
  add(value: string | undefined | null): void {
    if (!value || value.length < 6 || this.secrets.has(value)) return;
    const enc = encodeURIComponent(value);
    this.secrets.set(value, enc !== value ? enc : null);
  }

  redact(line: string): string {
    let out = line;
    for (const [s, enc] of this.secrets) {
      if (out.includes(s)) out = out.split(s).join('[REDACTED]');
      if (enc !== null && out.includes(enc)) out = out.split(enc).join('[REDACTED]');
    }
    if (!PATTERN_HINT.test(out)) return out;
    for (const [re, rep] of PATTERNS) out = out.replace(re, rep);
    return out;
  }
}

export interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
  redactor: Redactor;
}

export function createLogger(sink: LogSink | undefined, redactor = new Redactor()): Logger {
  const write = (level: string, msg: string) => {
    if (!sink) return;
    try {
      sink(redactor.redact(`[proxy] ${level} ${msg}`));
    } catch {
      // a failing sink must never take the proxy down
    }
  };
  return {
    info: (m) => write('info', m),
    warn: (m) => write('warn', m),
    error: (m) => write('error', m),
    redactor,
  };
}

/** Message of an unknown thrown value, for logs (the logger still redacts it). */
export function errMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}
