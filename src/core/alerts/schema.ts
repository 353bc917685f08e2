// The wire shape of a price alert (browser -> proxy), checked before anything is stored.
import { z } from 'zod';
import { isPositive, lte } from '../decimal.js';
import { unsignedDecimalSchema } from '../schemas/common.js';
import type { AlertCondition, AlertDef } from './types.js';

const positive = unsignedDecimalSchema.refine((v) => isPositive(v), { error: 'must be above zero' });

export const alertConditionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('above'), level: positive }),
  z.strictObject({ type: z.literal('below'), level: positive }),
  z.strictObject({
    type: z.literal('move'),
    percent: positive.refine((v) => lte(v, '1000'), { error: 'at most 1000 %' }),
    windowSec: z
      .number()
      .int()
      .min(10)
      .max(7 * 86400),
    direction: z.enum(['up', 'down', 'either']),
  }),
]);

const fields = {
  condition: alertConditionSchema,
  repeat: z.boolean(),
  cooldownSec: z
    .number()
    .int()
    .min(0)
    .max(7 * 86400),
  note: z.string().max(120),
};

export const alertDefSchema = z.strictObject({
  symbol: z.string().regex(/^[a-z0-9]{1,16}_[a-z0-9]{1,16}$/, 'expected a symbol like btc_krw'),
  condition: fields.condition,
  repeat: fields.repeat.default(false),
  cooldownSec: fields.cooldownSec.default(60),
  note: fields.note.optional(),
});

/** An edit: any of the fields, plus `enabled` (false disables, true re-arms). */
export const alertPatchSchema = z.strictObject({
  condition: fields.condition.optional(),
  repeat: fields.repeat.optional(),
  cooldownSec: fields.cooldownSec.optional(),
  note: fields.note.optional(),
  enabled: z.boolean().optional(),
});

export interface AlertPatch {
  condition?: AlertCondition;
  repeat?: boolean;
  cooldownSec?: number;
  note?: string;
  enabled?: boolean;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

function parse<T>(schema: z.ZodType, input: unknown, what: string): Parsed<T> {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, value: r.data as T };
  const issue = r.error.issues[0];
  return { ok: false, reason: `${issue?.path.join('.') || what}: ${issue?.message ?? 'invalid'}` };
}

export const parseAlertDef = (input: unknown) => parse<AlertDef>(alertDefSchema, input, 'alert');
export const parseAlertPatch = (input: unknown) => parse<AlertPatch>(alertPatchSchema, input, 'patch');
