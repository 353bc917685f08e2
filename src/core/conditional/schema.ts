// The wire shape of a conditional order definition (browser -> proxy), checked before anything else.
import { z } from 'zod/mini';
import { unsignedDecimalSchema } from '../schemas/common.js';
import type { CondDefinition } from './types.js';

const dec = unsignedDecimalSchema;
const orderSpec = z.strictObject({
  side: z.enum(['buy', 'sell']),
  orderType: z.enum(['limit', 'market']),
  price: z.optional(dec),
  qty: z.optional(dec),
  amt: z.optional(dec),
});
const direction = z.enum(['up', 'down']);
const trigger = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('cross'), direction, level: dec }),
  z.strictObject({
    type: z.literal('trailing'),
    direction,
    distance: z.union([z.strictObject({ amount: dec }), z.strictObject({ percent: dec })]),
    activation: z.optional(dec),
  }),
]);
const leg = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('trigger'), trigger, order: orderSpec }),
  z.strictObject({ kind: z.literal('resting'), order: orderSpec }),
]);

export const condDefinitionSchema = z.strictObject({
  kind: z.enum(['stop', 'takeProfit', 'trailing', 'oco', 'bracket']),
  symbol: z.string().check(z.regex(/^[a-z0-9]{1,16}_[a-z0-9]{1,16}$/, 'expected a symbol like btc_krw')),
  legs: z.array(leg).check(z.minLength(1), z.maxLength(2)),
  entry: z.optional(orderSpec),
  onGap: z._default(z.enum(['fire', 'cancel']), 'fire'),
});

/** Parses untrusted JSON into a definition, or a one-line reason. */
export function parseDefinition(
  input: unknown,
): { ok: true; def: CondDefinition } | { ok: false; reason: string } {
  const r = condDefinitionSchema.safeParse(input);
  if (r.success) return { ok: true, def: r.data as CondDefinition };
  const issue = r.error.issues[0];
  return { ok: false, reason: `${issue?.path.join('.') || 'definition'}: ${issue?.message ?? 'invalid'}` };
}
