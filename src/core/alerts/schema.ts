// The wire shape of a price alert (browser -> proxy), checked before anything is stored.
import { z } from 'zod/mini';
import { isPositive, lte } from '../decimal.js';
import { unsignedDecimalSchema } from '../schemas/common.js';
import type { AlertCondition, AlertDef } from './types.js';

const positive = unsignedDecimalSchema.check(z.refine((v) => isPositive(v), { error: 'must be above zero' }));

export const alertConditionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('above'), level: positive }),
  z.strictObject({ type: z.literal('below'), level: positive }),
  z.strictObject({
    type: z.literal('move'),
    percent: positive.check(z.refine((v) => lte(v, '1000'), { error: 'at most 1000 %' })),
    windowSec: z.number().check(z.int(), z.gte(10), z.lte(7 * 86400)),
    direction: z.enum(['up', 'down', 'either']),
  }),
]);

const fields = {
  condition: alertConditionSchema,
  repeat: z.boolean(),
  cooldownSec: z.number().check(z.int(), z.gte(0), z.lte(7 * 86400)),
  note: z.string().check(z.maxLength(120)),
};

export const alertDefSchema = z.strictObject({
  symbol: z.string().check(z.regex(/^[a-z0-9]{1,16}_[a-z0-9]{1,16}$/, 'expected a symbol like btc_krw')),
  condition: fields.condition,
  repeat: z._default(fields.repeat, false),
  cooldownSec: z._default(fields.cooldownSec, 60),
  note: z.optional(fields.note),
});

/** An edit: any of the fields, plus `enabled` (false disables, true re-arms). */
export const alertPatchSchema = z.strictObject({
  condition: z.optional(fields.condition),
  repeat: z.optional(fields.repeat),
  cooldownSec: z.optional(fields.cooldownSec),
  note: z.optional(fields.note),
  enabled: z.optional(z.boolean()),
});

export interface AlertPatch {
  condition?: AlertCondition;
  repeat?: boolean;
  cooldownSec?: number;
  note?: string;
  enabled?: boolean;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

function parse<T>(schema: z.ZodMiniType, input: unknown, what: string): Parsed<T> {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, value: r.data as T };
  const issue = r.error.issues[0];
  return { ok: false, reason: `${issue?.path.join('.') || what}: ${issue?.message ?? 'invalid'}` };
}

export const parseAlertDef = (input: unknown) => parse<AlertDef>(alertDefSchema, input, 'alert');
export const parseAlertPatch = (input: unknown) => parse<AlertPatch>(alertPatchSchema, input, 'patch');
