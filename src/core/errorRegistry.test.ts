// Every code the proxy or the sandbox can raise is registered (issue 18 item 6): it has an English sentence in
// core/errors.ts (DESCRIPTIONS, so KNOWN_ERROR_CODES) and a Korean and an English sentence under `err.<CODE>` in
// the web dictionaries. The source is read as text, so a code raised in a new way is still found.
//
// Ways codes are raised in src/proxy, src/sandbox and the core rules they call (all seen in the tree):
//   `code: 'X'` in result objects, ApiError infos, conditional / amendment runtime errors, WS `fail` frames;
//   `message: 'X'` in a hand-built error envelope (sandbox WS handshake refusals);
//   `new ProxyError(504, 'X', ...)`, `new AmendRefused(409, 'X', ...)`, `sendError(res, 400, 'X', ...)`,
//   `refuse(res?, 409, 'X', ...)`, `errorEnvelope(400, 'X')`, sandbox `e(401, 'X', ...)`, `bad('X', ...)`,
//   `fail('X', ...)` (WS control frames), `control(ws, 'error', 'X')` with `ws.close(4401, 'X')` (close reasons),
//   `journal.mark(id, 'failed', 'X')`, fallbacks `code ?? 'X'`, ternaries `? 'X' : 'Y'`, and `| 'X'` members of
//   the ProxyErrorCode union.
// Rather than one regex per helper (a new helper would slip past), every code-shaped string literal in those
// folders counts, except comparisons (`=== 'X'`, `!== 'X'`, `startsWith('X')`: reading a code is not raising
// it) and the few upper-case words below that are not codes.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaFiles } from '../../scripts/i18nSplit.js';
import { describeCode, KNOWN_ERROR_CODES } from './errors.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SCANNED = ['src/proxy', 'src/sandbox', 'src/core', 'src/main.ts', 'src/stack.ts'];

/** Upper-case literals in those folders that are not error codes. Add a word here only if it is not a code. */
const NOT_CODES = new Set([
  // HTTP methods, signals, SQLite synchronous modes, the X-Frame-Options value
  ...['GET', 'POST', 'DELETE', 'PATCH', 'PUT', 'HEAD', 'OPTIONS', 'SIGINT', 'SIGTERM', 'SIGKILL', 'SIGHUP'],
  ...['NORMAL', 'FULL', 'OFF', 'WAL', 'DENY', 'SAMEORIGIN'],
  // network and currency tickers of the sandbox's funding tables, indicator names
  ...[
    'KRW',
    'BTC',
    'ETH',
    'XRP',
    'SOL',
    'DOGE',
    'TRX',
    'USDT',
    'USDC',
    'ADA',
    'VWAP',
    'EMA',
    'SMA',
    'RSI',
    'MACD',
  ],
]);

const LITERAL = /(===\s*|!==\s*|startsWith\(\s*)?(['"])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)\2/g;

function sourceFiles(path: string, out: string[] = []): string[] {
  const abs = join(ROOT, path);
  if (!statSync(abs, { throwIfNoEntry: false })) return out;
  if (!statSync(abs).isDirectory()) {
    out.push(abs);
    return out;
  }
  for (const name of readdirSync(abs)) {
    // preTrade/: warning kinds, not raised errors (their sentences are checked below)
    if (name === 'testing' || name === 'fixtures' || name === 'e2e' || name === 'preTrade') continue;
    const rel = join(path, name);
    if (statSync(join(ROOT, rel)).isDirectory()) sourceFiles(rel, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(join(ROOT, rel));
  }
  return out;
}

/** Code-shaped string literals of a source text, except comparisons and the words in NOT_CODES. */
function raisedCodes(text: string): string[] {
  const codes = new Set<string>();
  for (const m of text.matchAll(LITERAL)) {
    const code = m[3] as string;
    if (m[1] || NOT_CODES.has(code) || code.length < 4) continue;
    codes.add(code);
  }
  return [...codes];
}

function scan(): Map<string, string> {
  const where = new Map<string, string>();
  for (const file of SCANNED.flatMap((p) => sourceFiles(p))) {
    for (const code of raisedCodes(readFileSync(file, 'utf8'))) {
      if (!where.has(code)) where.set(code, relative(ROOT, file));
    }
  }
  return where;
}

/** Each language's own `err.*` entries (no fallback from the other language, unlike the build's merge). */
async function errDictionaries(): Promise<{ ko: Record<string, string>; en: Record<string, string> }> {
  const ko: Record<string, string> = {};
  const en: Record<string, string> = {};
  for (const file of areaFiles(join(ROOT, 'src/web/lib/i18n'))) {
    const mod = (await import(file)) as {
      default?: { ko?: object; en?: object };
      dict?: { ko?: object; en?: object };
    };
    const d = mod.default ?? mod.dict;
    Object.assign(ko, d?.ko);
    Object.assign(en, d?.en);
  }
  return { ko, en };
}

describe('every raised error code is registered (issue 18 item 6)', () => {
  const raised = scan();

  it('the scan finds the codes raised in each way (a guard on the scanner itself)', () => {
    for (const code of [
      'ORDER_STATE_UNKNOWN',
      'GAP_CROSSED',
      'SESSION_ENDED',
      'INVALID_REQUEST',
      'KEY_EXPIRED',
    ])
      expect(raised.has(code), code).toBe(true);
    expect(
      raisedCodes("if (e.code === 'NOPE_ONE') x = { code: 'YES_ONE' }; s.startsWith('NOPE_TWO')"),
    ).toEqual(['YES_ONE']);
    expect(raisedCodes("ws.close(4401, 'CLOSE_REASON'); fail('WS_CODE', m); x ?? 'FALLBACK'")).toEqual([
      'CLOSE_REASON',
      'WS_CODE',
      'FALLBACK',
    ]);
  });

  it('is in core/errors.ts with an English sentence', () => {
    const known = new Set<string>(KNOWN_ERROR_CODES);
    const missing = [...raised]
      .filter(([code]) => !known.has(code))
      .map(([code, file]) => `${code} (${file})`);
    expect(
      missing,
      'add these to DESCRIPTIONS in src/core/errors.ts (or to NOT_CODES if not a code)',
    ).toEqual([]);
    for (const code of KNOWN_ERROR_CODES) expect(describeCode(code), code).toMatch(/^\S.{8,}[.)]$/);
  });

  it('has a Korean and an English sentence under err.<CODE> in the web dictionaries', async () => {
    const { ko, en } = await errDictionaries();
    const codes = new Set<string>([...raised.keys(), ...KNOWN_ERROR_CODES]);
    const noKo = [...codes].filter((c) => !/[가-힣]/.test(ko[`err.${c}`] ?? ''));
    const noEn = [...codes].filter((c) => !(en[`err.${c}`] ?? '').trim());
    expect(noKo, 'add a Korean sentence to src/web/lib/i18n/errors.ts').toEqual([]);
    expect(noEn, 'English comes from core/errors.ts DESCRIPTIONS').toEqual([]);
  });

  it('gives every pre-trade warning kind a Korean and an English sentence (pt.w.<CODE>)', async () => {
    const types = readFileSync(join(ROOT, 'src/core/preTrade/types.ts'), 'utf8');
    const kinds = [...types.matchAll(/code: '([A-Z_]+)'/g)].map((m) => m[1] as string);
    expect(kinds.length).toBeGreaterThan(5);
    const { default: d } = (await import(join(ROOT, 'src/web/lib/i18n/preTrade.ts'))) as {
      default: { ko: Record<string, string>; en: Record<string, string> };
    };
    for (const lang of ['ko', 'en'] as const) {
      const keys = Object.keys(d[lang]);
      const missing = kinds.filter(
        (k) => !keys.some((key) => key === `pt.w.${k}` || key.startsWith(`pt.w.${k}.`)),
      );
      expect(missing, `pre-trade warnings without a ${lang} sentence`).toEqual([]);
    }
  });
});
