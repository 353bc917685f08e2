// Fault configuration: shape, validation and merging of the JSON the admin API and CLI send.

export type WsTarget = 'public' | 'private' | 'all';

/** One fault rule: fires with `probability` per request/frame, or for the next `count` ones. */
export interface FaultRule {
  probability?: number;
  count?: number;
  /** latency: added delay; stall: stall length. */
  ms?: number;
  jitterMs?: number;
  /** error / afterCommit: HTTP status to answer (error default 503, afterCommit default 500). */
  status?: number;
  /** afterCommit: 'status' answers `status`, 'drop' destroys the connection. */
  mode?: 'status' | 'drop';
  /** rateLimit: consecutive 429 answers once triggered (default 5). */
  burst?: number;
  retryAfterSec?: number;
  /** ws drop / stall: which connections. */
  target?: WsTarget;
}

export const CLASS_FAULT_KINDS = ['latency', 'drop', 'rateLimit', 'error', 'afterCommit'] as const;
export type ClassFaultKind = (typeof CLASS_FAULT_KINDS)[number];
export const WS_FAULT_KINDS = ['drop', 'stall', 'publicFrameDrop'] as const;
export type WsFaultKind = (typeof WS_FAULT_KINDS)[number];
export const ENDPOINT_CLASSES = ['public', 'order', 'cancel', 'funding', 'private', '*'] as const;

export interface FaultConfig {
  classes: Partial<Record<string, Partial<Record<ClassFaultKind, FaultRule>>>>;
  ws: Partial<Record<WsFaultKind, FaultRule>>;
  clockSkewMs: number;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function num(v: unknown, name: string, lo: number, hi: number, int = false): Parsed<number | undefined> {
  if (v === undefined) return { ok: true, value: undefined };
  // CLI arguments and admin query parameters arrive as strings: accept plain numeric strings.
  if (typeof v === 'string' && /^-?\d{1,15}(\.\d{1,15})?$/.test(v)) v = Number(v);
  if (typeof v !== 'number' || !Number.isFinite(v) || v < lo || v > hi || (int && !Number.isInteger(v))) {
    return { ok: false, reason: `${name} must be ${int ? 'an integer' : 'a number'} in [${lo}, ${hi}]` };
  }
  return { ok: true, value: v };
}

function parseRule(v: unknown, where: string): Parsed<FaultRule> {
  if (!isObj(v)) return { ok: false, reason: `${where} must be an object or null` };
  const allowed = [
    'probability',
    'count',
    'ms',
    'jitterMs',
    'status',
    'mode',
    'burst',
    'retryAfterSec',
    'target',
  ];
  for (const k of Object.keys(v)) {
    if (!allowed.includes(k)) return { ok: false, reason: `${where}: unknown field ${k}` };
  }
  const rule: FaultRule = {};
  const fields: [keyof FaultRule, number, number, boolean][] = [
    ['probability', 0, 1, false],
    ['count', 0, 1_000_000, true],
    ['ms', 0, 600_000, false],
    ['jitterMs', 0, 600_000, false],
    ['status', 400, 599, true],
    ['burst', 1, 100_000, true],
    ['retryAfterSec', 0, 3600, true],
  ];
  for (const [name, lo, hi, int] of fields) {
    const r = num(v[name], `${where}.${name}`, lo, hi, int);
    if (!r.ok) return r;
    if (r.value !== undefined) (rule as Record<string, number>)[name] = r.value;
  }
  if (v.mode !== undefined) {
    if (v.mode !== 'status' && v.mode !== 'drop')
      return { ok: false, reason: `${where}.mode must be status|drop` };
    rule.mode = v.mode;
  }
  if (v.target !== undefined) {
    if (v.target !== 'public' && v.target !== 'private' && v.target !== 'all') {
      return { ok: false, reason: `${where}.target must be public|private|all` };
    }
    rule.target = v.target;
  }
  if (rule.probability === undefined && rule.count === undefined) {
    return { ok: false, reason: `${where} needs probability or count` };
  }
  return { ok: true, value: rule };
}

/**
 * Validates a partial config and merges it over `base` (a rule set to null is removed). Shape:
 * `{ classes?: {<class>|'*': {latency?, drop?, rateLimit?, error?, afterCommit?}},
 *    ws?: {drop?, stall?, publicFrameDrop?}, clockSkewMs?: number }`.
 */
export function parseFaultConfig(input: unknown, base?: FaultConfig): Parsed<FaultConfig> {
  if (!isObj(input)) return { ok: false, reason: 'fault config must be a JSON object' };
  const out: FaultConfig = base ? structuredClone(base) : { classes: {}, ws: {}, clockSkewMs: 0 };
  for (const k of Object.keys(input)) {
    if (!['classes', 'ws', 'clockSkewMs'].includes(k)) return { ok: false, reason: `unknown field ${k}` };
  }
  if (input.classes !== undefined) {
    if (!isObj(input.classes)) return { ok: false, reason: 'classes must be an object' };
    for (const [cls, kinds] of Object.entries(input.classes)) {
      if (!(ENDPOINT_CLASSES as readonly string[]).includes(cls)) {
        return { ok: false, reason: `unknown endpoint class ${cls} (${ENDPOINT_CLASSES.join(', ')})` };
      }
      if (kinds === null) {
        delete out.classes[cls];
        continue;
      }
      if (!isObj(kinds)) return { ok: false, reason: `classes.${cls} must be an object` };
      const target = { ...(out.classes[cls] ?? {}) };
      for (const [kind, rule] of Object.entries(kinds)) {
        if (!(CLASS_FAULT_KINDS as readonly string[]).includes(kind)) {
          return { ok: false, reason: `unknown fault kind ${kind} (${CLASS_FAULT_KINDS.join(', ')})` };
        }
        if (rule === null) {
          delete target[kind as ClassFaultKind];
          continue;
        }
        const r = parseRule(rule, `classes.${cls}.${kind}`);
        if (!r.ok) return r;
        target[kind as ClassFaultKind] = r.value;
      }
      out.classes[cls] = target;
    }
  }
  if (input.ws !== undefined) {
    if (!isObj(input.ws)) return { ok: false, reason: 'ws must be an object' };
    for (const [kind, rule] of Object.entries(input.ws)) {
      if (!(WS_FAULT_KINDS as readonly string[]).includes(kind)) {
        return { ok: false, reason: `unknown ws fault kind ${kind} (${WS_FAULT_KINDS.join(', ')})` };
      }
      if (rule === null) {
        delete out.ws[kind as WsFaultKind];
        continue;
      }
      const r = parseRule(rule, `ws.${kind}`);
      if (!r.ok) return r;
      out.ws[kind as WsFaultKind] = r.value;
    }
  }
  if (input.clockSkewMs !== undefined) {
    const r = num(input.clockSkewMs, 'clockSkewMs', -86_400_000, 86_400_000, true);
    if (!r.ok) return r;
    out.clockSkewMs = r.value ?? 0;
  }
  return { ok: true, value: out };
}
