/** Readable validation errors: `parseOrThrow(schema, value, what)`. */
import { z } from 'zod/mini';

/** Thrown by parseOrThrow; `message` names the record, the path, what was expected and what came. */
export class SchemaError extends Error {
  readonly what: string;
  readonly issues: readonly z.core.$ZodIssue[];
  constructor(what: string, issues: readonly z.core.$ZodIssue[], message: string) {
    super(message);
    this.name = 'SchemaError';
    this.what = what;
    this.issues = issues;
  }
}

/** `data[0].price` style path; the root is `(root)`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else {
      const name = String(key);
      out += /^[A-Za-z_$][\w$]*$/.test(name) ? (out ? `.${name}` : name) : `[${JSON.stringify(name)}]`;
    }
  }
  return out || '(root)';
}

function valueAt(root: unknown, path: readonly PropertyKey[]): { found: boolean; value: unknown } {
  let cur: unknown = root;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return { found: false, value: undefined };
    const rec = cur as Record<PropertyKey, unknown>;
    if (!(key in rec)) return { found: false, value: undefined };
    cur = rec[key];
  }
  return { found: true, value: cur };
}

function describeValue(found: boolean, value: unknown): string {
  if (!found || value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') {
    const s = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return `string ${JSON.stringify(s)}`;
  }
  return `${typeof value} ${String(value)}`;
}

/** Flattens union issues to the most specific ones so the message points at a field. */
function leafIssues(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []) {
  const out: { path: PropertyKey[]; message: string }[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // Report the branch that got furthest (fewest issues), not every branch.
      const best = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      out.push(...leafIssues(best, path));
    } else {
      out.push({ path, message: issue.message });
    }
  }
  return out;
}

/** One line per problem: `at data[0].price: expected a plain decimal string ... (got string "1e5")`. */
export function formatIssues(issues: readonly z.core.$ZodIssue[], value: unknown, max = 5): string {
  const leaves = leafIssues(issues);
  const lines = leaves.slice(0, max).map(({ path, message }) => {
    const { found, value: got } = valueAt(value, path);
    return `at ${formatPath(path)}: ${message} (got ${describeValue(found, got)})`;
  });
  if (leaves.length > max) lines.push(`…and ${leaves.length - max} more`);
  return lines.join('; ');
}

/** Parses or throws a SchemaError whose message reads e.g. `Invalid ticker: at close: expected ...`. */
export function parseOrThrow<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  what: string,
): z.output<S> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const issues = result.error.issues;
  throw new SchemaError(what, issues, `Invalid ${what}: ${formatIssues(issues, value)}`);
}

/** Like parseOrThrow but returns a result instead of throwing. */
export function parseResult<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  what: string,
): { ok: true; value: z.output<S> } | { ok: false; error: SchemaError } {
  try {
    return { ok: true, value: parseOrThrow(schema, value, what) };
  } catch (e) {
    if (e instanceof SchemaError) return { ok: false, error: e };
    throw e;
  }
}
