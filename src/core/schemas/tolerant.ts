/**
 * Tolerance for live data: open enums (an unknown status is kept as it came), per-row list parsing
 * (one odd row never fails the whole list) and a once-per-problem console report.
 *
 * Runtime-neutral: the default reporter is `console.warn`, replaceable for tests and the dashboard.
 */
import { z } from 'zod/mini';
import { formatIssues, formatPath } from './parse.js';

/**
 * A string enum that keeps unknown values: the known values type the field for the code, and a value a
 * newer server adds (a new status, a new order type) still parses and is shown as received.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T, what: string) {
  return z
    .string({ error: `expected ${what} as a string (${values.join(', ')}, ...)` })
    .check(z.minLength(1, { error: `expected a non-empty ${what}` })) as unknown as z.ZodMiniType<
    T[number] | (string & {})
  >;
}

export type SchemaReporter = (message: string) => void;

let reporter: SchemaReporter = (message) => console.warn(message);
const reported = new Set<string>();
const MAX_KEYS = 1000;

/** Replaces where problems go (tests capture them); returns the previous reporter. */
export function setSchemaReporter(fn: SchemaReporter): SchemaReporter {
  const prev = reporter;
  reporter = fn;
  return prev;
}

/** Forgets what was reported (tests). */
export function resetSchemaReports(): void {
  reported.clear();
}

/** Reports `message` the first time `key` is seen; later repeats are silent. */
export function reportOnce(key: string, message: string): void {
  if (reported.has(key)) return;
  if (reported.size >= MAX_KEYS) reported.clear();
  reported.add(key);
  reporter(message);
}

/** Reports a failed parse once per (record kind, first failing path, issue code). */
export function reportIssues(what: string, issues: readonly z.core.$ZodIssue[], value: unknown): void {
  const first = issues[0];
  const key = `${what}|${first ? formatPath(first.path) : ''}|${first?.code ?? ''}`;
  reportOnce(key, `[live data] ${what} left out: ${formatIssues(issues, value, 3)}`);
}

/** Parses one row; a row that does not fit is reported (once) and becomes null. */
export function parseRow<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  what: string,
): z.output<S> | null {
  const r = z.safeParse(schema, value);
  if (r.success) return r.data;
  reportIssues(what, r.error.issues, value);
  return null;
}

/**
 * An array whose rows are parsed one by one: rows that fit are kept, a row that does not is left out and
 * reported once, so one odd record never blanks a list. A non-array still fails (the answer is wrong).
 */
export function tolerantArray<S extends z.core.$ZodType>(schema: S, what: string) {
  return z.pipe(
    z.array(z.unknown()),
    z.transform((rows: unknown[]) => {
      const out: z.output<S>[] = [];
      for (const row of rows) {
        const parsed = parseRow(schema, row, what);
        if (parsed !== null) out.push(parsed);
      }
      return out;
    }),
  );
}
